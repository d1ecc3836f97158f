import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("Operator semantics", .backstop(minutes: 1), .watched)
struct OperatorSemanticsTests {
  @Test func consumesUpstreamEagerlySoASlowConsumerShiftsNoTiming() async throws {
    // Leading edges are decided when an element arrives, so each element here opens its own
    // burst only if the base is consumed on time, not when the consumer gets round to it.
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let gate = AsyncGate()
    let received = ValueRecorder<String>()
    let consumer = Task {
      var iterator = source.debounced(
        for: .seconds(3), options: .leading, buffering: .unbounded, clock: clock
      )
      .makeAsyncIterator()
      while let value = try await iterator.next() {
        received.record(value)
        await gate.wait()  // a consumer that falls behind after the first element
      }
    }
    for value in ["a", "b", "c"] {
      source.yield(value)
      try await source.waitForDemandBounded()  // consumed although the consumer is stuck
      await clock.advance(by: .seconds(3))
    }
    source.yield("d")  // one interval after c: a burst of its own
    try await source.waitForDemandBounded()
    source.finish()
    gate.open()
    try await consumer.valueBounded("the consumer to finish")
    #expect(received.values == ["a", "b", "c", "d"])
  }

  @Test func consumerCancellationEndsIterationAndCancelsUpstream() async throws {
    let clock = ManualClock()
    let source = ManualSequence<Int, any Error>()
    let ended = AsyncGate()
    let consumer = Task {
      for try await _ in source.debounced(for: .seconds(1), clock: clock) {}
      ended.open()
    }
    try await source.waitForDemandBounded()
    consumer.cancel()
    try await ended.waitBounded("the cancelled iteration to end")
    try await source.waitForCancellationBounded("the base's next() to see the cancellation")
    #expect(source.isCancelled)
    _ = try await consumer.resultBounded("the cancelled consumer to return")
  }

  /// Leaving the loop with `break` while an element waits for its deadline drops the
  /// iterator: its timer must stop sleeping and the base's iteration must be cancelled and
  /// let go, so no task outlives the iterator. The token lives in the base's `map`, which only
  /// the sequence and the pump's iterator hold, so its release proves the pump task has ended.
  @Test(arguments: ["debounced", "throttled"])
  func breakingOutWithAnElementPendingLeavesNoTaskBehind(operatorName: String) async throws {
    let clock = ManualClock()
    let source = ManualSequence<Int, any Error>()
    let lifetime = LifetimeTracker()
    // Made where each sequence is made, so that no local of the test holds the token.
    func base() -> AsyncMapSequence<ManualSequence<Int, any Error>, Int> {
      source.map { [token = lifetime.makeToken()] value in
        _ = token
        return value
      }
    }
    let gate = AsyncGate()
    let received = ValueRecorder<Int>()
    let consumer: Task<Void, any Error>
    if operatorName == "debounced" {
      let sequence = base().debounced(for: .seconds(1), clock: clock)
      consumer = Task {
        for try await value in sequence {
          received.record(value)
          await gate.wait()
          break
        }
      }
      source.yield(1)
      try await clock.waitForSleepersBounded(count: 1)
      await clock.advance(by: .seconds(1))
    } else {
      let sequence = base().throttled(for: .seconds(1), clock: clock)
      consumer = Task {
        for try await value in sequence {
          received.record(value)
          await gate.wait()
          break
        }
      }
      source.yield(1)  // no window open: emitted at once
    }
    try await received.waitForCountBounded(1)
    source.yield(2)
    try await source.waitForDemandBounded("2 taken from the base")
    try await clock.waitForSleepersBounded(count: 1)  // and waits for its deadline
    gate.open()
    try await consumer.valueBounded("the consumer to break out")
    #expect(clock.sleeperCount == 0)
    try await source.waitForCancellationBounded("the base's next() to see the cancellation")
    try await lifetime.waitUntilReleasedBounded()
    #expect(source.isCancelled)
    #expect(lifetime.liveCount == 0)
    await clock.advance(by: .seconds(5))
    #expect(received.values == [1])
  }

  @Test func anErrorIsThrownEvenWhenTheConsumerWasNotWaiting() async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let gate = AsyncGate()
    let events = ValueRecorder<String>()
    let consumer = Task {
      do {
        for try await value in source.throttled(for: .seconds(3), clock: clock) {
          events.record(value)
          await gate.wait()
        }
        events.record("finished")
      } catch {
        events.record("threw")
      }
    }
    source.yield("a")
    try await events.waitForCountBounded(1)
    source.yield("b")  // waits for the window's end, then is dropped by the error
    try await source.waitForDemandBounded()
    source.fail(SourceFailure())
    gate.open()
    try await consumer.valueBounded("the consumer to end with the error")
    #expect(events.values == ["a", "threw"])
  }

  @Test func aNonThrowingBaseGivesASequenceThatNeedsNoTry() async throws {
    let clock = ManualClock()
    let numbers = AsyncStream<Int> { continuation in
      for number in 1...3 { continuation.yield(number) }
      continuation.finish()
    }
    // A non-throwing base gives a non-throwing sequence: no `try` needed.
    let collected = try await bounded("the debounced stream to end") {
      var collected: [Int] = []
      for await number in numbers.debounced(for: .seconds(1), clock: clock) {
        collected.append(number)
      }
      return collected
    }
    #expect(collected == [3])
  }

  /// Each iterator consumes the base on its own and starts from the operator's fold afresh:
  /// the second sees nothing of what the first accumulated.
  @Test func eachIteratorConsumesTheBaseOnItsOwn() async throws {
    let clock = ManualClock()
    let batches = ReplayedNumbers(values: [1, 2, 3])
      .debounced(for: .seconds(1), folding: .collect, clock: clock)
    for pass in 1...2 {
      let collected = try await bounded("iteration \(pass) to end") {
        var collected: [[Int]] = []
        for await batch in batches { collected.append(batch) }
        return collected
      }
      // The base ends at once: its accumulation comes out at the end, whole.
      #expect(collected == [[1, 2, 3]], "iteration \(pass)")
    }
  }

  /// A bad argument stops the program where the operator is called, with a message, not later
  /// where the sequence is iterated: none of these sequences is iterated.
  @Test(arguments: ["debounced tolerance", "throttled tolerance", "options changed after init"])
  func aBadArgumentStopsAtTheOperatorCall(case name: String) async throws {
    let result = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) { [name] in
      let base = AsyncStream<Int> { $0.finish() }
      switch name {
      case "debounced tolerance":
        _ = base.debounced(for: .seconds(1), tolerance: .milliseconds(-1))
      case "throttled tolerance":
        _ = base.throttled(for: .seconds(1), tolerance: .milliseconds(-1))
      default:
        var options = DebounceOptions()
        options.maxWait = .seconds(-1)
        _ = base.debounced(for: .seconds(1), options: options)
      }
    }
    let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
    let expected =
      name.hasSuffix("tolerance")
      ? "tolerance was -0.001 seconds; pass nil" : "DebounceOptions.maxWait was -1.0 seconds"
    #expect(stderr.contains(expected), "\(name): \(stderr.suffix(300))")
  }

  @Test func negativeIntervalsArePreconditionFailures() async {
    await #expect(processExitsWith: .failure) {
      _ = AsyncStream<Int> { $0.finish() }.debounced(for: .seconds(-1))
    }
    await #expect(processExitsWith: .failure) {
      _ = AsyncStream<Int> { $0.finish() }.throttled(for: .seconds(-1))
    }
  }
}

/// The same numbers each time it is iterated, with no suspension between them: a base two
/// iterators can each consume.
private struct ReplayedNumbers: AsyncSequence, Sendable {
  let values: [Int]

  func makeAsyncIterator() -> Iterator {
    Iterator(remaining: values[...])
  }

  struct Iterator: AsyncIteratorProtocol {
    var remaining: ArraySlice<Int>

    mutating func next() async -> Int? {
      remaining.popFirst()
    }
  }
}
