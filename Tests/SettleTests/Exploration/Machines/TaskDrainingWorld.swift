/// A world whose engine's tasks can be let run one at a time, in a fixed order, until none
/// can: how the prompt searches run every task after a caller's step, and how a state check
/// lets the clock go to see that everything pending runs. The timed and keyed worlds differ
/// only in which task goes next.
protocol TaskDrainingWorld: ExplorableWorld {
  /// The task that runs next, or `nil` when none can; with `movingTheClock`, one tick of the
  /// clock when only a sleeping timer is left.
  func nextTaskEvent(movingTheClock: Bool) -> Event?
  /// Applies `event`; a non-`nil` result names the guarantee that `event` broke.
  mutating func perform(_ event: Event) -> String?
  /// The tasks still in the world, for the message of one that never settles.
  var busyDescription: String { get }
}

extension TaskDrainingWorld {
  /// Lets the tasks run, as ``nextTaskEvent(movingTheClock:)`` orders them, until none can.
  /// Bounded, so that a machine that never settles fails by name.
  mutating func runTasks(movingTheClock: Bool) -> String? {
    var steps: [String] = []
    for _ in 0..<500 {
      guard let event = nextTaskEvent(movingTheClock: movingTheClock) else { return nil }
      steps.append(event.description)
      if let broken = perform(event) {
        return
          "\(broken)\n  (reached by then letting the tasks run: \(steps.joined(separator: ", ")))"
      }
    }
    return "still busy after 500 steps: \(busyDescription)"
  }
}
