// Hook: `timersStarted`. One timer task per burst, and none for a burst that needs none: no
// public behaviour counts tasks started (a sleeper on the clock shows only the one asleep now).
import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("Timer tasks per burst", .watched)
struct TimerTaskCountTests {
  @Test func aBurstOfTenThousandSendsUsesOneTimerTask() async throws {
    let fixture = DebounceFixture()
    for index in 0..<10_000 { fixture.debouncer.send("v\(index)") }
    await fixture.clock.advance(ms: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.debouncer.timersStarted == 1)
    #expect(fixture.runs == [Ran(value: "v9999", at: 300)])
  }

  @Test func aLeadingAndTrailingBurstOfOneStartsNoTimer() async throws {
    let fixture = DebounceFixture(options: DebounceOptions(leading: true))
    fixture.debouncer.send("a")
    try await fixture.debouncer.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 1000)
    #expect(fixture.debouncer.timersStarted == 0)
    #expect(fixture.runs == [Ran(value: "a", at: 0)])
  }

  @Test func aLeadingOnlyBurstEndsWithoutATimer() async throws {
    let fixture = DebounceFixture(options: .leading)
    fixture.debouncer.send("a")
    try await fixture.debouncer.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 200)
    fixture.debouncer.send("b")  // same burst
    await fixture.clock.advance(ms: 300)
    fixture.debouncer.send("c")  // one interval of quiet: a new burst
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.debouncer.timersStarted == 0)
    #expect(fixture.runs == [Ran(value: "a", at: 0), Ran(value: "c", at: 500)])
  }

  @Test func aThrottlersQuietWindowClosesWithoutATimer() async throws {
    let fixture = ThrottlerTests.Fixture()
    fixture.throttler.send("a")
    try await fixture.throttler.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 300)
    fixture.throttler.send("b")
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.throttler.timersStarted == 0)
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 300)])
  }
}
