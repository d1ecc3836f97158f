import Settle
import SettleTesting

/// A `ManualClock` whose woken sleepers wait at a gate before they return, until the test opens
/// it: the test can move the clock past a timer's deadline and act before the timer's task
/// runs. That is the one interleaving an executor seldom picks by itself, so tests of what an
/// operator does without its timer task (catching up with the clock) need it spelled out.
///
/// While the gate is closed, an engine whose timer a catch-up kept for its held task is not
/// quiescent: `waitUntilQuiescent()` then waits for the gate, so open it first.
///
/// Only Settle's own tests need it: what it shows (how many timer tasks ran, which event did a
/// timer's work) is not public behaviour, which `ManualClock` alone makes deterministic.
public struct GatedClock: Clock {
  /// Swift's duration, as `ManualClock`'s.
  public typealias Duration = Swift.Duration
  /// The wrapped clock's instant.
  public typealias Instant = ManualClock.Instant

  /// The clock that keeps the time; advance it to wake the sleepers, which then wait at
  /// ``wakeUps``.
  public let manual: ManualClock
  /// Closed at first: every sleeper the clock wakes waits here until it is opened, and none
  /// waits after.
  public let wakeUps: AsyncGate

  /// Wraps `manual`, a fresh `ManualClock` by default, with its gate closed.
  public init(_ manual: ManualClock = ManualClock()) {
    self.manual = manual
    self.wakeUps = AsyncGate()
  }

  /// The wrapped clock's time.
  public var now: Instant { manual.now }
  /// The wrapped clock's resolution.
  public var minimumResolution: Duration { manual.minimumResolution }

  /// Sleeps on the wrapped clock, then waits at the gate. A cancelled sleeper leaves at once,
  /// as from `ManualClock`.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try await manual.sleep(until: deadline, tolerance: tolerance)
    await wakeUps.wait()
    try Task.checkCancellation()
  }
}
