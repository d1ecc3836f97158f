import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The `folding:` operators keep their sequence's timing; each element they emit is the fold
/// of the base's elements since the previous one.
@Suite("Folding operators", .watched)
struct FoldingOperatorTests {
  @Test func debouncedEmitsTheFoldOfEachBurstAndTheRestWhenTheBaseEnds() async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let batches = source.debounced(for: .milliseconds(300), folding: .collect, clock: clock)
    let events = ValueRecorder<String>()
    let consumer = Task {
      for try await batch in batches {
        events.record("\(batch.joined(separator: "+"))@\(clock.millis)")
      }
      events.record("!end@\(clock.millis)")
    }
    source.yield("a")
    try await source.waitForDemandBounded()
    await clock.advance(toMs: 100)
    source.yield("b")
    try await source.waitForDemandBounded()
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(toMs: 400)
    try await events.waitForCountBounded(1)
    source.yield("c")
    source.yield("d")
    try await source.waitForDemandBounded()
    source.finish()
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(events.values == ["a+b@400", "c+d@400", "!end@400"])
  }

  @Test(arguments: [(ElementBuffering.unbounded, [3, 30, 5]), (.newest, [3, 5])])
  func aSlowConsumerGetsTheAccumulationsItsBufferingKeeps(
    buffering: ElementBuffering, expected: [Int]
  ) async throws {
    let clock = ManualClock()
    let source = ManualSequence<Int, any Error>()
    let iterator = source.debounced(
      for: .seconds(1), folding: .reducing(into: 0) { $0 += $1 }, buffering: buffering,
      clock: clock
    ).makeAsyncIterator()
    let received = ValueRecorder<Int>()
    let busy = AsyncGate()
    let consumer = Task {
      var iterator = iterator
      while let total = try await iterator.next() {
        received.record(total)
        if received.count == 1 { await busy.wait() }  // busy while the next ones come due
      }
    }
    func yield(_ values: Int...) async throws {
      for value in values {
        source.yield(value)
        try await source.waitForDemandBounded()
      }
    }
    try await yield(1, 2)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await received.waitForCountBounded(1)
    try await yield(10, 20)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await yield(5)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    source.finish()
    busy.open()
    try await bounded("the sequence to end") { try await consumer.value }
    #expect(received.values == expected)
  }
}
