import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A `FoldingThrottler` keeps the throttle's spacing; the values inside a window fold into the
/// one run at its end.
@Suite("FoldingThrottler", .watched)
struct FoldingThrottlerTests {
  @Test func theFirstValueRunsAloneAndAWindowsValuesRunTogetherAtItsEnd() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<[String]>>()
    let throttler = FoldingThrottler(for: .milliseconds(300), folding: .collect, clock: clock) {
      (values: [String]) in ran.record(Ran(value: values, at: clock.millis))
    }
    throttler.send("a")
    try await ran.waitForCountBounded(1)
    await clock.advance(ms: 100)
    throttler.send("b")
    throttler.send("c")
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 200)
    try await ran.waitForCountBounded(2)
    throttler.send("d")  // inside the window the run at 300 opened
    throttler.cancel()  // drops the partial fold and closes the window
    throttler.send("e")  // runs at once
    try await ran.waitForCountBounded(3)
    try await throttler.waitUntilIdleBounded()
    #expect(
      ran.values == [
        Ran(value: ["a"], at: 0), Ran(value: ["b", "c"], at: 300), Ran(value: ["e"], at: 300),
      ])
  }

  @Test func aSendDoesNotCopyTheAccumulation() async throws {
    let clock = ManualClock()
    let copies = LockedCounter()
    let sizes = ValueRecorder<Int>()
    let throttler = FoldingThrottler(
      for: .seconds(1),
      folding: .reducing(into: UniqueBox()) { $0.append($1, countingCopiesIn: copies) },
      clock: clock
    ) { (box: UniqueBox) in sizes.record(box.storage.values.count) }
    for value in 0..<1000 { throttler.send(value) }
    try await throttler.flushBounded()
    try await throttler.waitUntilIdleBounded()
    #expect(sizes.values == [1, 999])
    #expect(copies.current == 2, "one copy of the initial value per run, none per send")
  }

  @Test func throttledFoldsEachWindowAndKeepsTheRateToTheEnd() async throws {
    let clock = ManualClock()
    let source = ManualSequence<Int, any Error>()
    let sums = source.throttled(
      for: .milliseconds(300), folding: .reducing(into: 0) { $0 += $1 }, clock: clock)
    let events = ValueRecorder<String>()
    let consumer = Task {
      for try await sum in sums { events.record("\(sum)@\(clock.millis)") }
      events.record("!end@\(clock.millis)")
    }
    source.yield(1)
    try await events.waitForCountBounded(1)
    try await source.waitForDemandBounded()
    source.yield(2)
    try await source.waitForDemandBounded()
    source.yield(3)
    try await source.waitForDemandBounded()
    source.finish()  // 2 + 3 still waits for the window's end
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 300)
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(events.values == ["1@0", "5@300", "!end@300"])
  }
}
