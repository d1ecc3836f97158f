/// A public type built on a ``TimedRuns`` engine: ``Debouncer``, ``Throttler`` and
/// ``RateLimiter``.
///
/// The owner stores only its entry points, which hold the engine; ``runs`` reaches the engine
/// through them, so that no owner declares it again. Its downcast relies on each owner's
/// initialiser making the engine this protocol's associated types name; a mismatch traps in
/// the debug builds every test runs.
///
/// Keep this protocol off the owners' `@inlinable` paths that run per call or build the entry
/// points: its conformances are package-level, so code inlined into another package calls
/// through them unspecialised (building the entry points through it made a keyed send five
/// times slower; see Performance.md).
///
/// The package-level hooks that tests settle on are the engine's, so they are written once,
/// in `TimedRunsOwner+Testing.swift`, instead of being forwarded by each owner.
@usableFromInline
package protocol TimedRunsOwner: PacedAction {
  associatedtype Machine: TimedStateMachine
  where Machine.Input: NumberedPayload, Machine.Value: NumberedPayload
  associatedtype TimedClock: Clock
  where Machine.Instant == TimedClock.Instant
  /// What the owner's action throws; `Never` when it cannot throw.
  associatedtype ActionFailure: Error
}

extension TimedRunsOwner {
  /// The engine that applies the owner's state machine: the one its entry points were made
  /// with, in the owner's initialiser.
  @inlinable
  package nonisolated var runs: TimedRuns<Machine, TimedClock, Success, ActionFailure> {
    _entryPoints.controls.engine(as: TimedRuns<Machine, TimedClock, Success, ActionFailure>.self)
  }
}
