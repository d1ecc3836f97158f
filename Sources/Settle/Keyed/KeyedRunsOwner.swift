/// A public type built on a ``KeyedRuns`` engine: ``KeyedDebouncing``, ``KeyedThrottling`` and
/// ``KeyedRateLimiting``.
///
/// The package-level hooks that tests settle on are the engine's, so they are written once,
/// in `KeyedRunsOwner+Testing.swift`, instead of being forwarded by each owner.
package protocol KeyedRunsOwner: Sendable {
  associatedtype OwnerKey: Hashable & Sendable
  associatedtype KeyMachine: TimedStateMachine
  where KeyMachine.Input: NumberedPayload, KeyMachine.Value: NumberedPayload
  associatedtype TimedClock: Clock
  where KeyMachine.Instant == TimedClock.Instant
  /// What the owner's action returns.
  associatedtype ActionSuccess: Sendable
  /// What the owner's action throws; `Never` when it cannot throw.
  associatedtype ActionFailure: Error

  /// The engine that applies the owner's keyed machine.
  var runs: KeyedRuns<OwnerKey, KeyMachine, TimedClock, ActionSuccess, ActionFailure> { get }
}
