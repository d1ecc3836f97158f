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

/// A sequence operator does its timer's work at the next event when the clock has passed the
/// timer's deadline (see `TimedRuns.Handover`). Where that work ends the timer, the timer stays
/// with its task, which is already on its way, so that the element's send does not start a
/// second one: an operator whose elements are all due at once (`debounced(for: .zero)`) would
/// otherwise start a timer task per element.
///
/// A `GatedClock` holds the woken timer task at its gate, so the element always arrives first:
/// the interleaving under test, and the one an executor seldom picks.
@Suite("Timer tasks of a sequence operator caught up by its next element", .watched)
struct CaughtUpTimerTaskCountTests {
  @Test func aDebouncedSequenceReusesTheTimerItsNextElementCaughtUp() async throws {
    let clock = GatedClock()
    let run = try await ConsumedOperator.start { source in
      let (iterator, storage) = source.debounced(for: .milliseconds(10), clock: clock)
        .recipe.makeAsyncIteratorAndStorage()
      return (iterator, storage.engine)
    }
    run.source.yield(1)
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .milliseconds(10))  // 1 is due; its timer waits at the gate
    run.source.yield(2)
    try await run.source.waitForDemandBounded()  // 2 was sent, after catching the timer up
    try await run.received.waitForCountBounded(1, "1, handed over by the catch-up")
    #expect(run.timersStarted() == 1)
    clock.wakeUps.open()
    try await clock.manual.waitForSleepersBounded(count: 1)  // the same task, toward 2's deadline
    await clock.manual.advance(by: .milliseconds(10))
    try await run.received.waitForCountBounded(2, "2, from the timer's task")
    #expect(run.timersStarted() == 1)
    #expect(try await run.finish() == [1, 2])
  }

  @Test func aThrottledSequenceReusesTheTimerItsNextElementCaughtUp() async throws {
    let clock = GatedClock()
    let run = try await ConsumedOperator.start { source in
      let (iterator, storage) = source.throttled(for: .milliseconds(10), clock: clock)
        .recipe.makeAsyncIteratorAndStorage()
      return (iterator, storage.engine)
    }
    run.source.yield(1)  // out at once; its window opens
    run.source.yield(2)  // waits for the window's end
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .milliseconds(10))  // 2 is due; its timer waits at the gate
    run.source.yield(3)  // waits for the window 2 opened
    try await run.source.waitForDemandBounded()
    try await run.received.waitForCountBounded(2, "1 and 2, 2 handed over by the catch-up")
    #expect(run.timersStarted() == 1)
    clock.wakeUps.open()
    try await clock.manual.waitForSleepersBounded(count: 1)  // the same task, toward 3's window
    await clock.manual.advance(by: .milliseconds(10))
    try await run.received.waitForCountBounded(3, "3, from the timer's task")
    #expect(run.timersStarted() == 1)
    #expect(try await run.finish() == [1, 2, 3])
  }
}

/// An element of `debounced(for: .zero)` is due the moment it is sent: the operator hands it
/// over then, and its timer, with nothing left to time, needs no task. A task per element would
/// cost more than the element's whole trip through the operator.
@Suite("Timer tasks of a sequence operator with nothing to time", .watched)
struct ZeroIntervalTimerTaskTests {
  @Test func debouncedForZeroCreatesNoTimerTask() async throws {
    let clock = ManualClock()
    let run = try await ConsumedOperator.start { source in
      let (iterator, storage) = source.debounced(for: .zero, buffering: .unbounded, clock: clock)
        .recipe.makeAsyncIteratorAndStorage()
      return (iterator, storage.engine)
    }
    for value in 1...100 { run.source.yield(value) }
    try await run.source.waitForDemandBounded()
    try await run.received.waitForCountBounded(100, "every element, each due when sent")
    #expect(run.timerTasksCreated() == 0)
    #expect(run.timersStarted() == 100, "each element's timer did its work when it started")
    #expect(try await run.finish() == Array(1...100))
  }

  @Test func debouncedForTenMillisecondsCreatesOneTimerTaskPerBurst() async throws {
    let clock = ManualClock()
    let run = try await ConsumedOperator.start { source in
      let (iterator, storage) = source.debounced(for: .milliseconds(10), clock: clock)
        .recipe.makeAsyncIteratorAndStorage()
      return (iterator, storage.engine)
    }
    for value in 1...100 { run.source.yield(value) }
    try await run.source.waitForDemandBounded()
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(10))
    try await run.received.waitForCountBounded(1, "the burst's last element")
    #expect(run.timerTasksCreated() == 1)
    #expect(try await run.finish() == [100])
  }
}
