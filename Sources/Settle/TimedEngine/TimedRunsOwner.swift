/// A public type built on a ``TimedRuns`` engine: ``Debouncer`` and ``Throttler``.
///
/// The package-level hooks that tests settle on are the engine's, so they are written once
/// here instead of being forwarded by each owner.
package protocol TimedRunsOwner: Sendable {
  associatedtype Machine: TimedStateMachine
  associatedtype TimedClock: Clock
  where Machine.Instant == TimedClock.Instant, Machine.Value: Sendable, Machine.Claim: Sendable

  /// The engine that applies the owner's state machine.
  var runs: TimedRuns<Machine, TimedClock> { get }
}

extension TimedRunsOwner {
  /// Returns once no run is in flight and the timer sleeps toward a future deadline.
  package func waitUntilQuiescent() async { await runs.waitUntilQuiescent() }

  /// Whether a timer task is running.
  package var hasTimer: Bool { runs.hasTimer }

  /// Timer tasks started so far; one per burst.
  package var timersStarted: Int { runs.timersStarted }

  /// Runs dispatched and not yet finished.
  package var activeRunCount: Int { runs.activeRunCount }

  /// Runs dispatched so far.
  package var dispatchedRunCount: UInt64 { runs.dispatchedRunCount }
}
