import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `ThrottleMode.cooldown`: the first value runs at once, every value until the window has
/// passed is dropped, and nothing runs at the window's end.
@Suite("Throttle cooldown", .watched)
struct CooldownTests {
  @Test func aThrottlerInCooldownRunsTheFirstValueAndNoTrailingOne() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<String>>()
    let throttler = Throttler(for: .milliseconds(300), mode: .cooldown, clock: clock) {
      (value: String) in ran.record(Ran(value: value, at: clock.millis))
    }
    throttler.send("a")
    try await ran.waitForCountBounded(1)
    await clock.advance(ms: 100)
    #expect(try await bounded("b's outcome") { try await throttler.sendAndWait("b") } == .dropped)
    throttler.send("c")
    #expect(!throttler.isPending)
    #expect(clock.sleeperCount == 0, "no timer waits for the window's end")
    await clock.advance(ms: 200)
    try await throttler.waitUntilIdleBounded()
    #expect(ran.values == [Ran(value: "a", at: 0)], "nothing runs at the window's end")
    throttler.send("d")
    try await ran.waitForCountBounded(2)
    #expect(ran.values == [Ran(value: "a", at: 0), Ran(value: "d", at: 300)])
  }

  @Test func throttledInCooldownEmitsTheFirstOfEachWindowAndEndsAtOnce() async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let sequence = source.throttled(for: .milliseconds(300), mode: .cooldown, clock: clock)
    let events = ValueRecorder<String>()
    let consumer = Task {
      for try await element in sequence { events.record("\(element)@\(clock.millis)") }
      events.record("!end@\(clock.millis)")
    }
    source.yield("a")
    try await events.waitForCountBounded(1)
    try await source.waitForDemandBounded()
    await clock.advance(toMs: 100)
    source.yield("b")  // dropped: inside the cooldown
    try await source.waitForDemandBounded()
    source.finish()  // nothing waits, so the sequence ends at once
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(events.values == ["a@0", "!end@100"])
  }
}
