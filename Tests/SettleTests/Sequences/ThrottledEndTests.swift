// Hook (one test): the iterator's `storage`: nothing public shows the moment the operator has
// handled its base's end, nor that it dispatched nothing then.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `throttled` keeps its rate to the last element: an element waiting when the base finishes
/// comes at its window's end, then the end; never two elements within one interval.
@Suite("throttled at the end of its base", .watched)
struct ThrottledEndTests {
  /// Consumes `sequence` in a task and records each element and the end as `value@ms`.
  static func consume<S: AsyncSequence & Sendable>(
    _ sequence: S, on clock: ManualClock
  ) -> (events: ValueRecorder<String>, task: Task<Void, Never>) where S.Element == String {
    let events = ValueRecorder<String>()
    let task = Task {
      do {
        for try await element in sequence { events.record("\(element)@\(clock.millis)") }
        events.record("!end@\(clock.millis)")
      } catch {
        events.record("!error@\(clock.millis)")
      }
    }
    return (events, task)
  }

  @Test(arguments: [(true, "c"), (false, "b")])
  func theWaitingElementComesAtItsWindowsEndThenTheEnd(latest: Bool, expected: String)
    async throws
  {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let (iterator, storage) = source.throttled(
      for: .milliseconds(300), mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd, clock: clock
    )
    .recipe.makeAsyncIteratorAndStorage()
    let events = ValueRecorder<String>()
    let consumer = Task {
      var iterator = iterator
      while let element = try await iterator.next() { events.record("\(element)@\(clock.millis)") }
      events.record("!end@\(clock.millis)")
    }
    source.yield("a")
    try await bounded("a, emitted at once") { await events.waitForCount(1) }
    for (value, ms) in [("b", 100), ("c", 150)] {
      await clock.advance(toMs: ms)
      source.yield(value)
      try await source.waitForDemandBounded("\(value) taken from the base")
    }
    await clock.advance(toMs: 200)
    source.finish()
    // What the end causes at once has happened: nothing was dispatched for the waiting value.
    try await bounded("the operator to see its base end") { await storage.waitUntilInputEnded() }
    await clock.advance(toMs: 299)
    #expect(storage.dispatchedRunCount == 1, "only a ran; the waiting value waits for 300 ms")
    #expect(events.values == ["a@0"], "nothing before the window ends")
    await clock.advance(toMs: 300)
    try await bounded("the waiting element and the end") { await events.waitForCount(3) }
    try await bounded("the consumer's task") { try await consumer.value }
    #expect(events.values == ["a@0", "\(expected)@300", "!end@300"])
    #expect(clock.sleeperCount == 0)
  }

  @Test(arguments: [true, false])
  func aBaseThatEndsWithNothingWaitingEndsAtOnce(latest: Bool) async throws {
    let clock = ManualClock()  // never advanced
    let source = ManualSequence<String, any Error>()
    let (events, consumer) = Self.consume(
      source.throttled(
        for: .milliseconds(300), mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd, clock: clock
      ), on: clock)
    source.yield("a")
    source.finish()
    try await bounded("the consumer's task") { await consumer.value }
    #expect(events.values == ["a@0", "!end@0"])
  }

  @Test(arguments: [true, false])
  func aConsumerCancelledWhileAnElementWaitsGetsNilAndNoElement(latest: Bool) async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let (events, consumer) = Self.consume(
      source.throttled(
        for: .milliseconds(300), mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd, clock: clock
      ), on: clock)
    source.yield("a")
    try await bounded("a, emitted at once") { await events.waitForCount(1) }
    source.yield("b")
    try await source.waitForDemandBounded("b taken from the base")
    source.finish()
    consumer.cancel()
    try await bounded("the consumer's task") { await consumer.value }
    #expect(events.values == ["a@0", "!end@0"])
    #expect(clock.sleeperCount == 0, "the window's timer ended with the consumer")
    await clock.advance(toMs: 1000)
    #expect(events.values == ["a@0", "!end@0"])
  }

  @Test func aFailingBaseStillThrowsAtOnceAndDropsTheWaitingElement() async throws {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let (events, consumer) = Self.consume(
      source.throttled(for: .milliseconds(300), clock: clock), on: clock)
    source.yield("a")
    try await bounded("a, emitted at once") { await events.waitForCount(1) }
    source.yield("b")
    try await source.waitForDemandBounded("b taken from the base")
    source.fail(SourceFailure())
    try await bounded("the consumer's task") { await consumer.value }
    #expect(events.values == ["a@0", "!error@0"])
  }

  @Test func debouncedStillDeliversItsPendingElementAtOnce() async throws {
    let clock = ManualClock()  // never advanced: the interval never passes
    let source = ManualSequence<String, any Error>()
    let (events, consumer) = Self.consume(
      source.debounced(for: .milliseconds(300), clock: clock), on: clock)
    source.yield("a")
    try await source.waitForDemandBounded("a taken from the base")
    source.finish()
    try await bounded("the consumer's task") { await consumer.value }
    #expect(events.values == ["a@0", "!end@0"])
  }
}
