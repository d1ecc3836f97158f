import SettleTesting

// Whole milliseconds, for tests that read as a timeline: `advance(ms: 300)`, `at: 300`.
// `advance(by: .milliseconds(300))` is what a user's test writes; these only keep long
// timelines compact, so they stay here rather than in SettleTesting.

extension ManualClock {
  /// The clock's time in whole milliseconds since zero, for compact assertions.
  public var millis: Int {
    let (seconds, attoseconds) = now.offset.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  /// `advance(by: .milliseconds(ms))`.
  public func advance(ms: Int) async { await advance(by: .milliseconds(ms)) }

  /// `advance(to:)` the instant `ms` milliseconds after zero.
  public func advance(toMs ms: Int) async { await advance(to: .init(offset: .milliseconds(ms))) }
}
