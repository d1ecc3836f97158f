import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A value whose deadline the clock passed before the base failed is emitted before the error:
/// the failure is an event like an element, and what the clock made due comes first. What is
/// still pending when the base fails is dropped.
///
/// A `GatedClock` holds the woken timer task, so the failure always reaches the operator
/// before the timer's task does: without the catch-up at the failure, the value would be lost.
@Suite("A base failing after an advance", .watched)
struct FailureAfterAdvanceTests {
  @Test func aDebouncedValueTheClockSettledComesBeforeTheError() async throws {
    let clock = GatedClock()
    let source = ManualSequence<Int, any Error>()
    let (events, consumer) = Self.consume(source.debounced(for: .milliseconds(10), clock: clock))
    source.yield(1)
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .milliseconds(10))  // 1 is due; its timer waits at the gate
    source.yield(2)  // pending when the base fails: dropped
    try await source.waitForDemandBounded()
    source.fail(SourceFailure())
    try await consumer.valueBounded("the consumer to end with the error")
    #expect(events.values == ["1", "threw"])
    clock.wakeUps.open()
  }

  @Test func aThrottledValueTheClockSettledComesBeforeTheError() async throws {
    let clock = GatedClock()
    let source = ManualSequence<Int, any Error>()
    let (events, consumer) = Self.consume(source.throttled(for: .milliseconds(10), clock: clock))
    source.yield(1)  // out at once; its window opens
    source.yield(2)  // waits for the window's end
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .milliseconds(10))  // 2 is due; its timer waits at the gate
    try await source.waitForDemandBounded()
    source.fail(SourceFailure())
    try await consumer.valueBounded("the consumer to end with the error")
    #expect(events.values == ["1", "2", "threw"])
    clock.wakeUps.open()
  }

  /// Consumes `elements` in a task, recording each element, then "finished" or "threw".
  static func consume<S: AsyncSequence & Sendable>(
    _ elements: S
  ) -> (events: ValueRecorder<String>, task: Task<Void, Never>) where S.Element == Int {
    let events = ValueRecorder<String>()
    let task = Task {
      do {
        for try await value in elements { events.record("\(value)") }
        events.record("finished")
      } catch {
        events.record("threw")
      }
    }
    return (events, task)
  }
}
