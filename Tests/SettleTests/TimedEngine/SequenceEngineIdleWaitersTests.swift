// Hooks: a debounced sequence's engine (`engine`, `dispatchedRunCount`): a sequence has no
// `waitUntilIdle()`, so nothing public shows several tasks waiting on its engine, as its pump does.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("Sequence engine: idle waiters", .watched)
struct SequenceEngineIdleWaitersTests {
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
    let source = ManualSequence<String, any Error>()
    let engines = ValueRecorder<
      TimedRuns<LatestDebounceMachine<String, ManualClock.Instant>, ManualClock, Void, Never>
    >()
    let received = ValueRecorder<String>()
    let consumer = Task {
      var (iterator, storage) = source.debounced(for: .seconds(1), clock: clock)
        .recipe.makeAsyncIteratorAndStorage()
      engines.record(storage.engine)
      while let value = try await iterator.next() { received.record(value) }
    }
    try await engines.waitForCountBounded(1, "the consumer to make its iterator")
    let engine = engines.values[0]
    source.yield("a")
    try await source.waitForDemandBounded()  // the pump took "a": it is pending
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
}
