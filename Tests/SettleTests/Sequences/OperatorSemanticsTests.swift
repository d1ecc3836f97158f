import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("Operator semantics", .timeLimit(.minutes(1)))
struct OperatorSemanticsTests {
  @Test func consumesUpstreamEagerlySoASlowConsumerShiftsNoTiming() async throws {
    // Leading edges are decided when an element arrives, so each element here opens its own
    // burst only if the base is consumed on time, not when the consumer gets round to it.
    let clock = ManualClock()
    let source = ScriptedSource<String>()
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
    for (index, value) in ["a", "b", "c"].enumerated() {
      source.yield(value)
      try await source.waitForDemandBounded(index + 2)  // consumed although the consumer is stuck
      await clock.advance(by: .seconds(3))
    }
    source.yield("d")  // one interval after c: a burst of its own
    try await source.waitForDemandBounded(5)
    source.finish()
    gate.open()
    try await consumer.valueBounded("the consumer to finish")
    #expect(received.values == ["a", "b", "c", "d"])
  }

  @Test func consumerCancellationEndsIterationAndCancelsUpstream() async throws {
    let clock = ManualClock()
    let source = ScriptedSource<Int>()
    let ended = AsyncGate()
    let consumer = Task {
      for try await _ in source.debounced(for: .seconds(1), clock: clock) {}
      ended.open()
    }
    try await source.waitForDemandBounded(1)
    consumer.cancel()
    try await ended.waitBounded("the cancelled iteration to end")
    try await source.cancelled.waitBounded("the base's next() to see the cancellation")
    #expect(source.cancelled.isOpen)
    _ = try await consumer.resultBounded("the cancelled consumer to return")
  }

  /// Leaving the loop with `break` while an element waits for its deadline drops the
  /// iterator: its timer must stop sleeping and the base must be cancelled and freed, so no
  /// task outlives the iterator. The source is reachable only through the sequence, so its
  /// release proves the pump task that iterates it has ended.
  @Test(arguments: ["debounced", "throttled"])
  func breakingOutWithAnElementPendingLeavesNoTaskBehind(operatorName: String) async throws {
    let clock = ManualClock()
    var source: ScriptedSource<Int>? = ScriptedSource()
    let cancelled = try #require(source?.cancelled)
    let released = try #require(source?.released)
    let gate = AsyncGate()
    let received = ValueRecorder<Int>()
    let consumer: Task<Void, any Error>
    if operatorName == "debounced" {
      let sequence = try #require(source?.debounced(for: .seconds(1), clock: clock))
      consumer = Task {
        for try await value in sequence {
          received.record(value)
          await gate.wait()
          break
        }
      }
      source?.yield(1)
      try await clock.waitForSleepersBounded(count: 1)
      await clock.advance(by: .seconds(1))
    } else {
      let sequence = try #require(source?.throttled(for: .seconds(1), clock: clock))
      consumer = Task {
        for try await value in sequence {
          received.record(value)
          await gate.wait()
          break
        }
      }
      source?.yield(1)  // no window open: emitted at once
    }
    try await received.waitForCountBounded(1)
    source?.yield(2)
    try await source?.waitForDemandBounded(3)  // 2 was taken from the base
    try await clock.waitForSleepersBounded(count: 1)  // and waits for its deadline
    source = nil
    gate.open()
    try await consumer.valueBounded("the consumer to break out")
    #expect(clock.sleeperCount == 0)
    try await cancelled.waitBounded("the base's next() to see the cancellation")
    try await released.waitBounded("the base to be released")
    #expect(cancelled.isOpen)
    #expect(released.isOpen)
    await clock.advance(by: .seconds(5))
    #expect(received.values == [1])
  }

  @Test func anErrorIsThrownEvenWhenTheConsumerWasNotWaiting() async throws {
    let clock = ManualClock()
    let source = ScriptedSource<String>()
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
    try await source.waitForDemandBounded(2)
    source.fail()
    gate.open()
    try await consumer.valueBounded("the consumer to end with the error")
    #expect(events.values == ["a", "threw"])
  }

  @Test func eachIteratorConsumesTheBaseOnItsOwn() async throws {
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

  /// Two or three tasks waiting on a debounced sequence's engine at once (as its pump does when
  /// the base finishes) all return once the pending element is emitted, and none before.
  ///
  /// A debounced sequence has no `waitUntilIdle()` of its own and its emission is synchronous,
  /// so the work is held by the clock, not a gate: the element waits for its deadline while
  /// the callers queue. `Task.immediate` runs each caller up to its suspension before it
  /// returns, so every caller is queued before the clock moves.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test(arguments: [2, 3])
  func concurrentIdleWaitersOnADebouncedSequenceAllReturnOnceTheElementIsOut(callers: Int)
    async throws
  {
    let clock = ManualClock()
    let source = ScriptedSource<String>()
    let engines = ValueRecorder<
      TimedRuns<LatestDebounceMachine<String, ManualClock.Instant>, ManualClock>
    >()
    let received = ValueRecorder<String>()
    let consumer = Task {
      var iterator = source.debounced(for: .seconds(1), clock: clock).makeAsyncIterator()
      engines.record(iterator.engine)
      while let value = try await iterator.next() { received.record(value) }
    }
    try await engines.waitForCountBounded(1, "the consumer to make its iterator")
    let engine = engines.values[0]
    source.yield("a")
    try await source.waitForDemandBounded(2)  // the pump took "a": it is pending
    try await clock.waitForSleepersBounded(count: 1)
    #expect(engine.isPending)
    let returned = ValueRecorder<Bool>()  // per caller: whether "a" had been emitted
    let waiting = (1...callers).map { _ in
      Task.immediate {
        await engine.waitUntilIdle()
        returned.record(!engine.isPending && engine.dispatchedRunCount == 1)
      }
    }
    #expect(returned.values.isEmpty, "no caller returns while the element is pending")
    await clock.advance(by: .seconds(1))
    for (index, caller) in waiting.enumerated() {
      try await caller.valueBounded("caller \(index + 1) of \(callers) to return")
    }
    #expect(returned.values == Array(repeating: true, count: callers))
    try await received.waitForCountBounded(1, "the consumer to receive a")
    #expect(received.values == ["a"])
    source.finish()
    try await consumer.valueBounded("the sequence to end after its base")
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
