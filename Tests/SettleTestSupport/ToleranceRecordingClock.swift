import Settle
import SettleTesting

/// A `ManualClock` that also records the tolerance of every sleep made through it, so that a
/// test can see what an operator passes to its clock: `ManualClock` ignores tolerances.
public struct ToleranceRecordingClock: Clock {
  /// Swift's duration, as `ManualClock`'s.
  public typealias Duration = Swift.Duration
  /// The wrapped clock's instant.
  public typealias Instant = ManualClock.Instant

  /// The clock that keeps the time; advance it to wake the sleepers.
  public let manual: ManualClock
  /// The tolerances passed so far, oldest first.
  public let tolerances = ValueRecorder<Duration?>()

  /// Wraps `manual`, a fresh `ManualClock` by default.
  public init(_ manual: ManualClock = ManualClock()) {
    self.manual = manual
  }

  /// The wrapped clock's time.
  public var now: Instant { manual.now }
  /// The wrapped clock's resolution.
  public var minimumResolution: Duration { manual.minimumResolution }

  /// Records `tolerance`, then sleeps on the wrapped clock.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    tolerances.record(tolerance)
    try await manual.sleep(until: deadline, tolerance: tolerance)
  }
}
