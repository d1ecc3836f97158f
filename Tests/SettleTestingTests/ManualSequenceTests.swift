import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("ManualSequence", .watched)
struct ManualSequenceTests {
  struct Failure: Error, Equatable {}

  @Test func elementsArriveInOrderWhetherYieldedBeforeOrWhileTheConsumerWaits() async throws {
    let numbers = ManualSequence<Int, Never>()
    numbers.yield(1)  // before anyone asks: kept
    numbers.yield(2)
    let received = ValueRecorder<Int>()
    let consumer = Task {
      for await number in numbers { received.record(number) }  // Never: no `try`
      received.record(-1)
    }
    try await numbers.waitForDemandBounded()
    #expect(received.values == [1, 2])
    numbers.yield(3)  // to the waiting consumer
    try await numbers.waitForDemandBounded()
    #expect(received.values == [1, 2, 3])
    numbers.finish()
    try await consumer.valueBounded("the loop to end")
    #expect(received.values == [1, 2, 3, -1])
  }

  @Test func waitForDemandReturnsOnlyOnceTheConsumerAsksAgain() async throws {
    let numbers = ManualSequence<Int, Never>()
    let events = ValueRecorder<String>()
    let busy = AsyncGate()
    let consumer = Task {
      for await number in numbers {
        events.record("took \(number)")
        await busy.wait()  // busy with the element: not asking yet
      }
    }
    numbers.yield(1)
    try await events.waitForCountBounded(1)
    let demand = Task {
      await numbers.waitForDemand()
      events.record("demand")
    }
    events.record("done with 1")
    busy.open()
    try await demand.valueBounded("the consumer to ask again")
    #expect(events.values == ["took 1", "done with 1", "demand"])
    numbers.finish()
    try await consumer.valueBounded("the loop to end")
  }

  @Test func failThrowsAfterTheElementsYieldedBeforeAndThenTheSequenceIsOver() async throws {
    let numbers = ManualSequence<Int, Failure>()
    numbers.yield(1)
    numbers.fail(Failure())
    numbers.yield(2)  // after the end: ignored
    var iterator = numbers.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    do {
      _ = try await iterator.next()
      Issue.record("the failure is thrown after 1")
    } catch {
      #expect(error == Failure())
    }
    #expect(try await iterator.next() == nil)
  }

  @Test func afterFinishNothingMoreArrivesAndNextKeepsReturningNil() async throws {
    let numbers = ManualSequence<Int, any Error>()
    numbers.yield(1)
    numbers.finish()
    numbers.yield(2)
    numbers.fail(Failure())
    var iterator = numbers.makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == nil)
    #expect(try await iterator.next() == nil)
    #expect(!numbers.isCancelled)
  }

  @Test func aConsumerCancelledWhileWaitingGetsNilAndTheSequenceIsOver() async throws {
    let numbers = ManualSequence<Int, Never>()
    let consumer = Task {
      var iterator = numbers.makeAsyncIterator()
      return await iterator.next()
    }
    try await numbers.waitForDemandBounded()
    #expect(!numbers.isCancelled)
    consumer.cancel()
    #expect(try await consumer.valueBounded("the cancelled next() to return") == nil)
    try await numbers.waitForCancellationBounded()
    #expect(numbers.isCancelled)
    numbers.yield(1)  // after the cancellation: ignored
    var iterator = numbers.makeAsyncIterator()
    #expect(await iterator.next() == nil)
  }

  @Test func aTaskCancelledBeforeItAsksGetsNilWithoutWaiting() async throws {
    let numbers = ManualSequence<Int, Never>()
    let consumer = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = numbers.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(try await consumer.valueBounded("next() in a cancelled task") == nil)
    #expect(numbers.isCancelled)
  }

  @Test func aCancelledTaskStillReceivesAnElementAlreadyThere() async throws {
    let numbers = ManualSequence<Int, Never>()
    numbers.yield(1)
    let consumer = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      var iterator = numbers.makeAsyncIterator()
      return await iterator.next()
    }
    #expect(try await consumer.valueBounded("next() in a cancelled task") == 1)
    #expect(!numbers.isCancelled)
  }

  /// The doc comment's example, as a test: a debounced pipeline on a ManualClock.
  @Test func drivesADebouncedPipelineDeterministically() async throws {
    let clock = ManualClock()
    let queries = ManualSequence<String, Never>()
    let searched = ValueRecorder<String>()
    let consumer = Task {
      for await query in queries.debounced(for: .milliseconds(300), clock: clock) {
        searched.record(query)
      }
    }
    queries.yield("s")
    queries.yield("sw")
    try await queries.waitForDemandBounded()  // the debounce has taken both
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(299))
    #expect(searched.values.isEmpty)
    await clock.advance(by: .milliseconds(1))
    try await searched.waitForCountBounded(1)
    #expect(searched.values == ["sw"])
    queries.finish()
    try await consumer.valueBounded("the pipeline to end with its base")
    #expect(searched.values == ["sw"])
  }
}
