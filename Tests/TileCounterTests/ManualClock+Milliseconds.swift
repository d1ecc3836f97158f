import SettleTesting

extension ManualClock {
  func advance(ms: Int) async { await advance(by: .milliseconds(ms)) }
}
