import SettleTestSupport
import SettleTesting
import Testing

/// Proof that a hang fails fast and by name: each test here waits for something that never
/// comes, and must fail within its 3-second bound, naming what it awaited. They fail by
/// design, so they run only when asked: `SETTLE_HANG_PROBE=1 swift test --filter HangProbe`.
@Suite(.enabled(if: Environment.value("SETTLE_HANG_PROBE") != nil, "fails by design"))
struct HangProbe {
  @Test func aGateNeverOpened() async throws {
    let gate = AsyncGate()
    try await bounded("a gate nobody opens", within: .seconds(3)) { await gate.wait() }
    Issue.record("a bounded wait returned without its gate opening")
  }

  @Test func aContinuationNeverResumed() async throws {
    try await bounded("a continuation never resumed", within: .seconds(3)) {
      await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
    }
    Issue.record("a bounded wait returned without its continuation resuming")
  }
}
