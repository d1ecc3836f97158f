import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `ThrottleMode.cooldown`: the first value runs at once, every value until the window has
/// passed is dropped, and nothing runs at the window's end.
@Suite("Throttle cooldown")
struct CooldownTests {
  typealias Machine = ThrottleStateMachine<LatestValue<String>, ManualClock.Instant>

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  @Test func aValueInsideTheCooldownIsDroppedWithNoTimerAndNothingPending() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    #expect(first.ticket.carried == "a")
    guard case .none = machine.send("b", at: Self.at(50)) else {
      Issue.record("a value inside the cooldown starts nothing")
      return
    }
    #expect(!machine.holdsValue, "nothing is held for the window's end")
    #expect(!machine.ledger.hasTimer, "a cooldown needs no timer")
    #expect(machine.claim(first.ticket) == "a")
    machine.runFinished(first.ticket)
    #expect(!machine.isPending)
    guard case .none = machine.flush() else {
      Issue.record("flush during a cooldown runs nothing: nothing waits")
      return
    }
  }

  @Test func aValueExactlyAtTheWindowsEndRunsAtOnce() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    _ = machine.send("b", at: Self.at(99))
    let second = try #require(machine.send("c", at: Self.at(100)).startedRun)
    #expect(second.ticket.carried == "c", "the window's end is inclusive")
    #expect(machine.claim(first.ticket) == "a")
    machine.runFinished(first.ticket)
    #expect(machine.claim(second.ticket) == "c")
  }

  @Test func cancelEndsTheCooldown() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    _ = machine.cancel()
    let second = try #require(machine.send("b", at: Self.at(10)).startedRun)
    #expect(second.ticket.carried == "b")
    #expect(machine.claim(first.ticket) == nil, "cancelled")
    machine.runFinished(first.ticket)
  }

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
    let source = ScriptedSource<String>()
    let sequence = source.throttled(for: .milliseconds(300), mode: .cooldown, clock: clock)
    let events = ValueRecorder<String>()
    let consumer = Task {
      for try await element in sequence { events.record("\(element)@\(clock.millis)") }
      events.record("!end@\(clock.millis)")
    }
    source.yield("a")
    try await events.waitForCountBounded(1)
    try await source.waitForDemandBounded(2)
    await clock.advance(toMs: 100)
    source.yield("b")  // dropped: inside the cooldown
    try await source.waitForDemandBounded(3)
    source.finish()  // nothing waits, so the sequence ends at once
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(events.values == ["a@0", "!end@100"])
  }
}
