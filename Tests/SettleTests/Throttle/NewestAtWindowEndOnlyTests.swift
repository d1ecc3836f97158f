import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `ThrottleMode.newestAtWindowEndOnly`, RxJS's `auditTime`: a value with no window open opens
/// one and waits for its end, the newest value of the window runs there, and that run opens
/// no window, so the next value waits a whole interval again.
///
/// Each test moves the clock to one millisecond before each run it expects and waits there for
/// the timer to sleep, then ends on the exact list of runs with their instants: a throttler
/// that ran a value early (the first at once, or after a run that opened a window, or a flush
/// that kept one) fails the wait or the list. An advance straight to the expected instant
/// would not: a run it passed on the way records the instant the advance ends at.
@Suite("Throttle newestAtWindowEndOnly", .watched)
struct NewestAtWindowEndOnlyTests {
  struct Fixture {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<String>>()
    let throttler: Throttler<String, ManualClock>

    init() {
      let clock = clock
      let ran = ran
      throttler = Throttler(for: .milliseconds(300), mode: .newestAtWindowEndOnly, clock: clock) {
        value in ran.record(Ran(value: value, at: clock.millis))
      }
    }

    /// Sends `value` at `ms`, once the timer sleeps: every deadline is on the clock before it
    /// moves, so a run starts at its own instant.
    func send(_ value: String, atMs ms: Int) async throws {
      await clock.advance(toMs: ms)
      throttler.send(value)
      try await clock.waitForSleepersBounded(count: 1)
    }
  }

  @Test func theFirstValueWaitsAndOnlyTheNewestOfTheWindowRunsAtItsEnd() async throws {
    let fixture = Fixture()
    try await fixture.send("a", atMs: 0)
    #expect(fixture.throttler.isPending, "a waits for its window's end")
    try await fixture.send("b", atMs: 100)
    try await fixture.send("c", atMs: 200)
    try await fixture.clock.advance(toMs: 300, expectingSleepersJustBefore: 1)  // c still waits
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "c", at: 300)], "a and b were replaced")
    #expect(!fixture.throttler.isPending)
  }

  @Test func theRunAtTheWindowsEndOpensNoWindow() async throws {
    let fixture = Fixture()
    try await fixture.send("a", atMs: 0)
    await fixture.clock.advance(toMs: 300)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.clock.sleeperCount == 0, "nothing is timed after the run")
    // With a window opened at 300, as `.newestAtWindowEnd` does, b would run at 600; with none,
    // b opens a fresh window and waits a whole interval.
    try await fixture.send("b", atMs: 400)
    try await fixture.send("c", atMs: 500)
    try await fixture.clock.advance(toMs: 700, expectingSleepersJustBefore: 1)  // c still waits
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 300), Ran(value: "c", at: 700)])
  }

  @Test func aValueRightAfterTheRunWaitsAWholeInterval() async throws {
    let fixture = Fixture()
    try await fixture.send("a", atMs: 0)
    await fixture.clock.advance(toMs: 300)
    try await fixture.ran.waitForCountBounded(1)
    fixture.throttler.send("b")  // at 300, just after a ran
    try await fixture.clock.waitForSleepersBounded(count: 1)
    try await fixture.clock.advance(toMs: 600, expectingSleepersJustBefore: 1)  // b still waits
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 300), Ran(value: "b", at: 600)])
  }

  @Test func flushRunsTheWaitingValueAndClosesItsWindow() async throws {
    let fixture = Fixture()
    try await fixture.send("a", atMs: 0)
    try await fixture.send("b", atMs: 100)
    try await fixture.throttler.flushBounded()
    #expect(fixture.ran.values == [Ran(value: "b", at: 100)], "flush runs the newest at once")
    #expect(!fixture.throttler.isPending)
    // The flushed run was the window's end: c opens a fresh window instead of waiting for 300.
    try await fixture.send("c", atMs: 200)
    try await fixture.clock.advance(toMs: 500, expectingSleepersJustBefore: 1)  // c still waits
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "b", at: 100), Ran(value: "c", at: 500)])
  }

  @Test func flushWithNothingWaitingRunsNothing() async throws {
    let fixture = Fixture()
    try await fixture.throttler.flushBounded()
    try await fixture.send("a", atMs: 100)
    try await fixture.clock.advance(toMs: 400, expectingSleepersJustBefore: 1)  // a still waits
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 400)])
  }

  @Test func cancelDropsTheWaitingValueAndItsWindow() async throws {
    let fixture = Fixture()
    try await fixture.send("a", atMs: 0)
    try await fixture.send("b", atMs: 100)
    fixture.throttler.cancel()
    #expect(!fixture.throttler.isPending)
    // The window went with the cancel: c opens a fresh one, ending at 500, not 300.
    try await fixture.send("c", atMs: 200)
    try await fixture.clock.advance(toMs: 500, expectingSleepersJustBefore: 1)  // c still waits
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "c", at: 500)])
  }

  @Test func sendAndWaitReturnsWhenTheWindowsEndRunsItOrANewerValue() async throws {
    let fixture = Fixture()
    let first = Task { try await fixture.throttler.sendAndWait("a") }
    try await fixture.clock.waitForSleepersBounded(count: 1)  // a was sent and waits
    await fixture.clock.advance(toMs: 100)
    fixture.throttler.send("b")  // replaces a
    await fixture.clock.advance(toMs: 300)
    #expect(try await bounded("a's outcome") { try await first.value } == .superseded)
    try await fixture.throttler.waitUntilIdleBounded()  // b's run has recorded its instant
    await fixture.clock.advance(toMs: 400)
    let second = Task { try await fixture.throttler.sendAndWait("c") }
    try await fixture.clock.waitForSleepersBounded(count: 1)  // c was sent and waits
    try await fixture.clock.advance(toMs: 700, expectingSleepersJustBefore: 1)  // c still waits
    #expect(try await bounded("c's outcome") { try await second.value } == .ran)
    #expect(fixture.ran.values == [Ran(value: "b", at: 300), Ran(value: "c", at: 700)])
  }

  @Test func aFoldingThrottlerRunsEveryValueOfTheWindowAtItsEnd() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<[String]>>()
    let throttler = FoldingThrottler(
      for: .milliseconds(300), mode: .newestAtWindowEndOnly, folding: .collect, clock: clock
    ) { (values: [String]) in ran.record(Ran(value: values, at: clock.millis)) }
    for (value, ms) in [("a", 0), ("b", 100), ("c", 200)] {
      await clock.advance(toMs: ms)
      throttler.send(value)
      try await clock.waitForSleepersBounded(count: 1)
    }
    await clock.advance(toMs: 300)
    try await ran.waitForCountBounded(1)
    await clock.advance(toMs: 400)
    throttler.send("d")  // opens a fresh window: its run opened none
    try await clock.waitForSleepersBounded(count: 1)
    try await clock.advance(toMs: 700, expectingSleepersJustBefore: 1)  // d still waits
    try await throttler.waitUntilIdleBounded()
    #expect(ran.values == [Ran(value: ["a", "b", "c"], at: 300), Ran(value: ["d"], at: 700)])
  }

  /// Consumes `elements` in a task, recording each element and the end as `value@ms`.
  static func consume<S: AsyncSequence & Sendable>(
    _ elements: S, on clock: ManualClock
  ) -> (events: ValueRecorder<String>, task: Task<Void, any Error>) where S.Element == String {
    let events = ValueRecorder<String>()
    let task = Task {
      for try await element in elements { events.record("\(element)@\(clock.millis)") }
      events.record("!end@\(clock.millis)")
    }
    return (events, task)
  }

  @Test func throttledEmitsTheNewestOfEachWindowAtItsEndAndEndsAfterTheLast() async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let (events, consumer) = Self.consume(
      source.throttled(for: .milliseconds(300), mode: .newestAtWindowEndOnly, clock: clock),
      on: clock)
    for (value, ms) in [("a", 0), ("b", 100), ("c", 200)] {
      await clock.advance(toMs: ms)
      source.yield(value)
      try await source.waitForDemandBounded("\(value) taken from the base")
      try await clock.waitForSleepersBounded(count: 1)
    }
    await clock.advance(toMs: 300)
    try await events.waitForCountBounded(1)
    await clock.advance(toMs: 400)
    source.yield("d")
    try await source.waitForDemandBounded("d taken from the base")
    source.finish()  // d still waits for its window's end, as in RxJS
    try await clock.waitForSleepersBounded(count: 1)
    try await clock.advance(toMs: 700, expectingSleepersJustBefore: 1)  // d still waits
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(events.values == ["c@300", "d@700", "!end@700"])
  }

  @Test func foldingThrottledEmitsEveryElementOfTheWindowAtItsEnd() async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let (events, consumer) = Self.consume(
      source.throttled(
        for: .milliseconds(300), mode: .newestAtWindowEndOnly, folding: .collect, clock: clock
      ).map { $0.joined(separator: "+") },
      on: clock)
    for (value, ms) in [("a", 0), ("b", 100)] {
      await clock.advance(toMs: ms)
      source.yield(value)
      try await source.waitForDemandBounded("\(value) taken from the base")
      try await clock.waitForSleepersBounded(count: 1)
    }
    source.finish()
    await clock.advance(toMs: 300)
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(events.values == ["a+b@300", "!end@300"])
  }
}
