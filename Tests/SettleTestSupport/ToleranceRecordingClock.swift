import Settle
import SettleTesting

/// A `ManualClock` that also records the tolerance of every sleep made through it, so that a
/// test can see what an operator passes to its clock: `ManualClock` ignores tolerances.
public struct ToleranceRecordingClock: Clock {
  public typealias Duration = Swift.Duration
  public typealias Instant = ManualClock.Instant

  /// The clock that keeps the time; advance it to wake the sleepers.
  public let manual: ManualClock
  /// The tolerances passed so far, oldest first.
  public let tolerances = ValueRecorder<Duration?>()

  public init(_ manual: ManualClock = ManualClock()) {
    self.manual = manual
  }

  public var now: Instant { manual.now }
  public var minimumResolution: Duration { manual.minimumResolution }

  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    tolerances.record(tolerance)
    try await manual.sleep(until: deadline, tolerance: tolerance)
  }
}
