extension ManualClock {
  /// Thrown by ``ManualClock/run(maximumSteps:)`` when sleepers keep re-arming past its step
  /// bound, which usually means a timer that never stops.
  public struct RunLimitExceeded: Error, CustomStringConvertible, Sendable {
    /// The step bound that was reached.
    public let steps: Int
    /// How many tasks still slept on the clock when it gave up.
    public let remainingSleepers: Int
    /// The clock's time when it gave up.
    public let now: Instant

    /// Says what happened and what to look for.
    public var description: String {
      "ManualClock.run() advanced through \(steps) deadlines and \(remainingSleepers) sleeper(s) "
        + "still wait at \(now): a timer is re-arming itself forever, or raise maximumSteps."
    }
  }
}
