import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A `FoldingKeyedDebouncer` keeps each key's `KeyedDebouncer` timing; each run of a key
/// receives the fold of every value sent for that key since its previous run, and never a
/// value of another key.
@Suite("FoldingKeyedDebouncer", .watched)
struct FoldingKeyedDebouncerTests {
  struct Fixture {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<String>>()
    let debouncer: FoldingKeyedDebouncer<String, Int, [Int], ManualClock>

    init(options: DebounceOptions = DebounceOptions()) {
      let clock = clock
      let ran = ran
      debouncer = FoldingKeyedDebouncer(
        for: .milliseconds(300), options: options, folding: .collect, clock: clock
      ) { (key: String, values: [Int]) in
        ran.record(Ran(value: "\(key):\(values)", at: clock.millis))
      }
    }

    func advance(toMs ms: Int) async throws {
      await clock.advance(toMs: ms)
      try await debouncer.waitUntilQuiescentBounded()
    }
  }

  @Test func eachKeyRunsTheFoldOfItsOwnValues() async throws {
    let fixture = Fixture()
    fixture.debouncer.send(1, forKey: "a")
    fixture.debouncer.send(10, forKey: "b")
    try await fixture.advance(toMs: 100)
    fixture.debouncer.send(2, forKey: "a")  // restarts a only
    fixture.debouncer.send(3, forKey: "a")
    try await fixture.advance(toMs: 300)
    try await fixture.ran.waitForCountBounded(1)
    try await fixture.advance(toMs: 400)
    try await fixture.ran.waitForCountBounded(2)
    fixture.debouncer.send(4, forKey: "a")  // a new accumulation, from the fold's start
    try await fixture.advance(toMs: 700)
    try await fixture.ran.waitForCountBounded(3)
    #expect(
      fixture.ran.values == [
        Ran(value: "b:[10]", at: 300), Ran(value: "a:[1, 2, 3]", at: 400),
        Ran(value: "a:[4]", at: 700),
      ])
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.debouncer.keyCount == 0, "a key's accumulation goes once its run returns")
  }

  @Test func theLeadingValueRunsAloneAndTheRestOfTheBurstFolds() async throws {
    let fixture = Fixture(options: DebounceOptions(leading: true, trailing: true))
    for value in [1, 2, 3] { fixture.debouncer.send(value, forKey: "a") }
    try await fixture.ran.waitForCountBounded(1)
    try await fixture.advance(toMs: 300)
    try await fixture.ran.waitForCountBounded(2)
    #expect(fixture.ran.values == [Ran(value: "a:[1]", at: 0), Ran(value: "a:[2, 3]", at: 300)])
  }

  @Test func cancelForAKeyDropsOnlyItsPartialFold() async throws {
    let fixture = Fixture()
    fixture.debouncer.send(1, forKey: "a")
    fixture.debouncer.send(2, forKey: "b")
    fixture.debouncer.cancel(forKey: "a")
    fixture.debouncer.send(3, forKey: "a")
    fixture.debouncer.send(4, forKey: "b")
    try await fixture.advance(toMs: 300)
    try await fixture.ran.waitForCountBounded(2)
    #expect(Set(fixture.ran.values.map(\.description)) == ["a:[3]@300", "b:[2, 4]@300"])
  }

  @Test func flushForAKeyRunsItsPartialFoldNow() async throws {
    let fixture = Fixture()
    fixture.debouncer.send(1, forKey: "a")
    fixture.debouncer.send(2, forKey: "a")
    fixture.debouncer.send(9, forKey: "b")
    try await bounded("flush(forKey:)") { await fixture.debouncer.flush(forKey: "a") }
    #expect(fixture.ran.values == [Ran(value: "a:[1, 2]", at: 0)])
    #expect(fixture.debouncer.isPending(forKey: "b"), "b keeps its own accumulation")
  }

  @Test func aKeysAccumulationGrowsInPlace() async throws {
    let clock = ManualClock()
    let copies = LockedCounter()
    let sizes = ValueRecorder<Int>()
    let batch = FoldingKeyedDebouncer(
      for: .seconds(1),
      folding: .reducing(into: UniqueBox()) { $0.append($1, countingCopiesIn: copies) },
      clock: clock
    ) { (_: Int, box: UniqueBox) in sizes.record(box.storage.values.count) }
    for value in 0..<1000 { batch.send(value, forKey: value % 2) }
    try await bounded("flush()") { await batch.flush() }
    #expect(sizes.values.sorted() == [500, 500])
    #expect(copies.current == 2, "one copy of the initial value per key, none per send")
  }

  @Test func releasedWithRunPendingRunsEveryKeysFold() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    var debouncer: FoldingKeyedDebouncer<String, Int, [Int], ManualClock>? =
      FoldingKeyedDebouncer(
        for: .seconds(1), folding: .collect, onRelease: .runPending, clock: clock
      ) { (key: String, values: [Int]) in ran.record("\(key):\(values)") }
    debouncer?.send(1, forKey: "a")
    debouncer?.send(2, forKey: "a")
    debouncer?.send(3, forKey: "b")
    debouncer = nil
    try await ran.waitForCountBounded(2)
    #expect(Set(ran.values) == ["a:[1, 2]", "b:[3]"])
  }
}
