import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite struct ScriptedSourceTests {
  @Test func deliversInOrderQueuesWhatNobodyWaitsForAndFinishes() async throws {
    let source = ScriptedSource<Int>()
    source.yield(1)
    source.yield(2)  // both queued: nobody asked yet
    let consumer = Task {
      var seen: [Int] = []
      for try await element in source { seen.append(element) }
      return seen
    }
    try await source.waitForDemandBounded(3)  // took 1 and 2, waits for the third
    source.yield(3)
    source.finish()
    #expect(try await consumer.value == [1, 2, 3])
    #expect(source.demand == 4)  // the fourth next() saw the end
  }

  @Test func failThrowsAfterTheQueuedElements() async throws {
    let source = ScriptedSource<Int>()
    source.yield(1)
    source.fail()
    var iterator = source.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    await #expect(throws: ScriptedSource<Int>.ScriptedError()) { try await iterator.next() }
  }

  @Test func aCancelledConsumerGetsNilAndTheGateOpens() async throws {
    let source = ScriptedSource<Int>()
    let consumer = Task {
      var iterator = source.makeAsyncIterator()
      return try await iterator.next()
    }
    try await source.waitForDemandBounded(1)
    consumer.cancel()
    #expect(try await consumer.value == nil)
    try await source.cancelled.waitBounded("the cancellation")
    #expect(source.cancelled.isOpen)
  }

  @Test func releasedOpensWhenTheSourceIsFreed() async throws {
    var source: ScriptedSource<Int>? = ScriptedSource()
    let released = try #require(source?.released)
    #expect(!released.isOpen)
    source = nil
    #expect(released.isOpen)
  }

  @Test func theDocumentedDebouncePipelineKeepsTheLastQuery() async throws {
    let clock = ManualClock()
    let source = ScriptedSource<String>()
    let results = ValueRecorder<String>()
    let consumer = Task {
      for try await query in source.debounced(for: .milliseconds(300), clock: clock) {
        results.record(query)
      }
    }
    source.yield("s")
    try await source.waitForDemandBounded(2)
    source.yield("sw")
    try await source.waitForDemandBounded(3)
    try await clock.waitForSleepersBounded(count: 1)  // the quiet period's timer
    await clock.advance(by: .milliseconds(300))
    try await results.waitForCountBounded(1)
    source.finish()
    try await consumer.value
    #expect(results.values == ["sw"])
  }
}
