/// A public type built on a ``TimedRuns`` engine: ``Debouncer``, ``Throttler`` and
/// ``RateLimiter``.
///
/// The package-level hooks that tests settle on are the engine's, so they are written once,
/// in `TimedRunsOwner+Testing.swift`, instead of being forwarded by each owner.
package protocol TimedRunsOwner: Sendable {
  associatedtype Machine: TimedStateMachine
  where Machine.Input: NumberedPayload, Machine.Value: NumberedPayload
  associatedtype TimedClock: Clock
  where Machine.Instant == TimedClock.Instant
  /// What the owner's action returns.
  associatedtype ActionSuccess: Sendable
  /// What the owner's action throws; `Never` when it cannot throw.
  associatedtype ActionFailure: Error

  /// The engine that applies the owner's state machine.
  var runs: TimedRuns<Machine, TimedClock, ActionSuccess, ActionFailure> { get }
}
