import SettleTesting

// Written in milliseconds, as the suites' timelines are; shared by every test target.
extension ManualClock {
  /// The clock's time in whole milliseconds, for compact assertions.
  package var millis: Int {
    let (seconds, attoseconds) = now.offset.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }

  package func advance(ms: Int) async { await advance(by: .milliseconds(ms)) }
  package func advance(toMs ms: Int) async { await advance(to: .init(offset: .milliseconds(ms))) }
}
