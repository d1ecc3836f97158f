import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `waitForCallers(count:)` returns once that many callers wait for a run: the handshake that
/// lets a test with concurrent callers move the clock only after every value is in.
@Suite("waitForCallers(count:)", .watched)
struct WaitForCallersTests {
  @Test func twoConcurrentCallersShareOneRunOnceBothWait() async throws {
    let clock = ManualClock()
    let runs = ValueRecorder<Int>()
    let render = Debouncing(for: .milliseconds(50), clock: clock) { (size: Int) in
      runs.record(size)
      return "rendered at \(size) px"
    }
    let small = Task { try await render.sendAndWaitForResult(64) }
    let large = Task { try await render.sendAndWaitForResult(512) }
    try await bounded("both callers to wait") { await render.waitForCallers(count: 2) }
    await clock.advance(by: .milliseconds(50))
    let (first, second) = try await bounded("the results") { try await (small.value, large.value) }
    #expect(first == second)
    #expect(runs.values.count == 1)
    #expect(first == "rendered at \(runs.values[0]) px")
  }

  @Test func itReturnsAtOnceWhenEnoughCallersWaitAndDoesNotCountASettledOne() async throws {
    let clock = ManualClock()
    let save = Throttling(for: .seconds(1), mode: .newestAtWindowEndOnly, clock: clock) {
      (_: Int) in
    }
    let first = Task { try await save.sendAndWait(1) }
    try await bounded("the first caller") { await save.waitForCallers(count: 1) }
    try await bounded("a count already reached") { await save.waitForCallers(count: 1) }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await bounded("the outcome") { try await first.value } == .ran)
    // The settled caller no longer counts: a wait for one caller waits for the next.
    let waiting = Task { await save.waitForCallers(count: 1) }
    let second = Task { try await save.sendAndWait(2) }
    try await bounded("the second caller") { await waiting.value }
    save.cancel()
    #expect(try await bounded("the dropped outcome") { try await second.value } == .dropped)
  }

  @Test func keyedOwnersCountTheCallersOfEveryKey() async throws {
    let clock = ManualClock()
    let fetch = KeyedDebouncing(for: .milliseconds(50), clock: clock) {
      (url: String, _: Void) in url.count
    }
    let a = Task { try await fetch.sendAndWaitForResult((), forKey: "a.png") }
    let b = Task { try await fetch.sendAndWaitForResult((), forKey: "bb.png") }
    try await bounded("both keys' callers") { await fetch.waitForCallers(count: 2) }
    await clock.advance(by: .milliseconds(50))
    #expect(try await bounded("the results") { try await [a.value, b.value] } == [5, 6])
  }

  @Test func aCancelledWaitReturnsEarly() async throws {
    let keyed = KeyedThrottling(for: .seconds(1), clock: ManualClock()) { (_: Int, _: Int) in }
    let wait = Task { await keyed.waitForCallers(count: 1) }
    wait.cancel()
    try await bounded("the cancelled wait") { await wait.value }
    #expect(keyed.sendWaiterCount == 0)
  }
}
