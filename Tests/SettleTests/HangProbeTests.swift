import SettleTestSupport
import SettleTesting
import Testing

/// Proof that a hang fails fast and by name: each test here waits for something that never
/// comes, and must fail within its 3-second bound, naming what it awaited. They fail by
/// design, so they run only when asked: `SETTLE_HANG_PROBE=1 swift test --filter HangProbe`.
@Suite(.enabled(if: Environment.value("SETTLE_HANG_PROBE") != nil, "fails by design"), .watched)
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

/// Proof that a livelock ends the run: the test keeps every thread of the cooperative pool
/// busy for ever, outside any bounded wait, so no heartbeat runs, live time stands still and no
/// bounded wait anywhere could fail. ``Watchdog``'s own thread must then end the process after
/// its stall limit (40 s of load-weighted time), naming this test, with status 70. It ends the
/// whole run by design, so it runs only when asked, on its own:
/// `SETTLE_LIVELOCK_PROBE=1 swift test --filter LivelockProbe`.
@Suite(
  .enabled(if: Environment.value("SETTLE_LIVELOCK_PROBE") != nil, "ends the run by design"),
  .watched)
struct LivelockProbe {
  @Test func everyPoolThreadSpins() async {
    await withTaskGroup(of: Void.self) { group in
      // More spinners than any pool has threads, so none is left for anything else.
      for _ in 0..<64 {
        group.addTask { while !Task.isCancelled { spin() } }
      }
    }
    Issue.record("tasks that never return returned")
  }
}

/// Work the optimiser cannot remove.
@inline(never) private func spin() {
  var counter = 0
  for step in 0..<1000 { counter &+= step }
  withExtendedLifetime(counter) {}
}
