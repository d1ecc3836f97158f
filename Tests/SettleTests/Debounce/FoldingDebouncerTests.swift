import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A `FoldingDebouncer` keeps the `Debouncer`'s timing; each run receives the fold of every
/// value since the previous run.
@Suite("FoldingDebouncer", .watched)
struct FoldingDebouncerTests {
  struct Fixture {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<[String]>>()
    let debouncer: FoldingDebouncer<String, [String], ManualClock>

    init(options: DebounceOptions = DebounceOptions()) {
      let clock = clock
      let ran = ran
      debouncer = FoldingDebouncer(
        for: .milliseconds(300), options: options, folding: .collect, clock: clock
      ) { lines in
        ran.record(Ran(value: lines, at: clock.millis))
      }
    }
  }

  @Test func eachRunReceivesEveryValueSinceThePreviousRun() async throws {
    let fixture = Fixture()
    fixture.debouncer.send("a")
    try await fixture.clock.waitForSleepersBounded(count: 1)
    await fixture.clock.advance(ms: 100)
    fixture.debouncer.send("b")
    fixture.debouncer.send("c")
    await fixture.clock.advance(ms: 299)
    #expect(fixture.ran.values.isEmpty, "the quiet period restarts with every value")
    await fixture.clock.advance(ms: 1)
    try await fixture.ran.waitForCountBounded(1)
    fixture.debouncer.send("d")
    try await fixture.clock.waitForSleepersBounded(count: 1)
    await fixture.clock.advance(ms: 300)
    try await fixture.ran.waitForCountBounded(2)
    #expect(
      fixture.ran.values == [Ran(value: ["a", "b", "c"], at: 400), Ran(value: ["d"], at: 700)])
  }

  @Test func cancelDropsThePartialFold() async throws {
    let fixture = Fixture()
    fixture.debouncer.send("a")
    fixture.debouncer.send("b")
    fixture.debouncer.cancel()
    #expect(!fixture.debouncer.isPending)
    fixture.debouncer.send("c")
    try await fixture.clock.waitForSleepersBounded(count: 1)
    await fixture.clock.advance(ms: 300)
    try await fixture.ran.waitForCountBounded(1)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: ["c"], at: 300)])
  }

  @Test func flushRunsThePartialFoldNow() async throws {
    let fixture = Fixture()
    fixture.debouncer.send("a")
    fixture.debouncer.send("b")
    #expect(fixture.debouncer.isPending)
    try await fixture.debouncer.flushBounded()
    #expect(fixture.ran.values == [Ran(value: ["a", "b"], at: 0)])
    #expect(!fixture.debouncer.isPending)
    try await fixture.clock.run()
    #expect(fixture.ran.count == 1, "the flushed fold never runs again on the timer")
  }

  @Test func theLeadingValueRunsAloneAndTheRestFoldIntoTheTrailingRun() async throws {
    let fixture = Fixture(options: DebounceOptions(leading: true))
    fixture.debouncer.send("a")
    try await fixture.ran.waitForCountBounded(1)
    fixture.debouncer.send("b")
    fixture.debouncer.send("c")
    try await fixture.clock.waitForSleepersBounded(count: 1)
    await fixture.clock.advance(ms: 300)
    try await fixture.ran.waitForCountBounded(2)
    #expect(
      fixture.ran.values == [Ran(value: ["a"], at: 0), Ran(value: ["b", "c"], at: 300)])
  }

  @Test func aReducerFoldsIntoAnyAccumulation() async throws {
    let clock = ManualClock()
    let totals = ValueRecorder<Int>()
    let sum = FoldingDebouncer(
      for: .seconds(1), folding: .reducing(into: 0) { $0 += $1 }, clock: clock
    ) { (total: Int) in totals.record(total) }
    for value in 1...10 { sum.send(value) }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await totals.waitForCountBounded(1)
    sum.send(5)
    try await sum.flushBounded()
    #expect(totals.values == [55, 5], "each run starts again from the initial value")
  }

  @Test func aSendDoesNotCopyTheAccumulation() async throws {
    let clock = ManualClock()
    let copies = LockedCounter()
    let sizes = ValueRecorder<Int>()
    let batch = FoldingDebouncer(
      for: .seconds(1),
      folding: .reducing(into: UniqueBox()) { $0.append($1, countingCopiesIn: copies) },
      clock: clock
    ) { (box: UniqueBox) in sizes.record(box.storage.values.count) }
    for value in 0..<1000 { batch.send(value) }
    try await batch.flushBounded()
    #expect(sizes.values == [1000])
    #expect(copies.current == 1, "one copy of the initial value, none per send")
  }
}
