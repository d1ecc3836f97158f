// Hooks: drives the package's pure machines through ``TimedMachineWorld``.
import Settle
import SettleTesting

/// The reference models of `TimedModelTests`, as the exhaustive search drives them.
protocol TimedReferenceModel: CustomStringConvertible {
  mutating func apply(_ step: ScheduleStep)
  var runs: [ModelRun] { get set }
}

extension DebounceModel: TimedReferenceModel {
  var description: String {
    "now \(now) last \(lastSend.map(String.init) ?? "-") pending \(pending.map { "\($0.value)/\($0.firstUnrun)" } ?? "-")"
  }
}

extension ThrottleModel: TimedReferenceModel {
  var description: String {
    "now \(now) window \(windowEnd.map(String.init) ?? "-") pending \(pending.map(String.init) ?? "-")"
  }
}

extension RateLimitModel: TimedReferenceModel {
  var description: String { "now \(now) queue \(queue) starts \(starts)" }
}

/// Every schedule of a caller's steps (send, one tick of the clock, cancel, flush) up to a
/// depth, with the engine's tasks run promptly after each step, against the plain reference
/// model: the machine must start the same values at the same ticks.
///
/// This is `TimedModelTests` without sampling: where that suite draws thousands of random
/// schedules, this one visits every distinct state the schedules reach.
struct PromptMachineWorld<Machine: TimedStateMachine, Model: TimedReferenceModel>: ExplorableWorld
where Machine.Input == Int, Machine.Value == Int, Machine.Instant == ManualClock.Instant {
  typealias Event = ScheduleStep

  private(set) var world: TimedMachineWorld<Machine>
  private(set) var model: Model
  private var sendsLeft: Int
  private var ticksLeft: Int
  /// Whether the owner has `flush()`: a rate limiter has none.
  private let flushes: Bool

  init(machine: Machine, model: Model, sends: Int, ticks: Int, flushes: Bool = true) {
    self.world = TimedMachineWorld(
      machine: machine,
      promises: .init(heldClaimIsNewest: false, newestEventuallyRuns: false))
    self.model = model
    self.sendsLeft = sends
    self.ticksLeft = ticks
    self.flushes = flushes
  }

  func enabledEvents() -> [ScheduleStep] {
    var events: [ScheduleStep] = flushes ? [.cancel, .flush] : [.cancel]
    if sendsLeft > 0 { events.insert(.send(world.sent + 1), at: 0) }
    if ticksLeft > 0 { events.insert(.advance(1), at: 0) }
    return events
  }

  mutating func apply(_ step: ScheduleStep) -> String? {
    let broken: String?
    switch step {
    case .send:
      sendsLeft -= 1
      broken = world.perform(.send)
    case .advance:
      ticksLeft -= 1
      broken = world.perform(.tick)
    case .cancel: broken = world.perform(.cancel)
    case .flush: broken = world.perform(.flush)
    }
    if let broken { return broken }
    // What the model assumes happens at once: every task that can run now runs.
    if let broken = world.runTasks(movingTheClock: false) { return broken }
    model.apply(step)
    defer {
      model.runs.removeAll()
      world.started.removeAll()
    }
    if world.started != model.runs {
      return "after \(step): the machine started \(world.started), the model \(model.runs)"
    }
    return nil
  }

  func checkState() -> String? { nil }

  var fingerprint: String { "\(world.fingerprint)|\(model)|\(sendsLeft),\(ticksLeft)" }
}
