/// A public type built on a ``KeyedRuns`` engine: ``KeyedDebouncing``, ``KeyedThrottling`` and
/// ``KeyedRateLimiting``.
///
/// As with ``TimedRunsOwner``, the owner stores only its entry points, and ``runs`` reaches
/// the engine through them. The package-level hooks that tests settle on are the engine's, so
/// they are written once, in `KeyedRunsOwner+Testing.swift`, instead of being forwarded by
/// each owner.
@usableFromInline
package protocol KeyedRunsOwner: KeyedPacedAction {
  associatedtype KeyMachine: TimedStateMachine
  where KeyMachine.Input: NumberedPayload, KeyMachine.Value: NumberedPayload
  associatedtype TimedClock: Clock
  where KeyMachine.Instant == TimedClock.Instant
  /// What the owner's action throws; `Never` when it cannot throw.
  associatedtype ActionFailure: Error
}

extension KeyedRunsOwner {
  /// The engine that applies the owner's keyed machine: the one its entry points were made
  /// with, in the owner's initialiser.
  @inlinable
  package nonisolated var runs: KeyedRuns<Key, KeyMachine, TimedClock, Success, ActionFailure> {
    _entryPoints.controls.engine(
      as: KeyedRuns<Key, KeyMachine, TimedClock, Success, ActionFailure>.self)
  }
}
