import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A debounce's options on a timer that an element caught up while its task was held (see
/// `RunLedger.timerAwaitsItsTask`): the timer stays with that task, and what the options decide
/// is the same as when the task runs first.
///
/// A `GatedClock` holds the woken timer task, so the element always arrives first.
@Suite("Debounce options on a timer an element caught up", .watched)
struct CaughtUpTimerOptionsTests {
  /// Leading and trailing: `a` leads, `b` trails and is due at 10; `c` at 10 settles `b` first,
  /// then leads a new burst at once, although the timer is still `b`'s, awake for its task.
  @Test func aLeadingEdgeAfterACaughtUpTimerRunsAtOnce() async throws {
    let clock = GatedClock()
    let source = ManualSequence<String, any Error>()
    let received = ValueRecorder<String>()
    let consumer = Task {
      let debounced = source.debounced(
        for: .milliseconds(10), options: DebounceOptions(leading: true), buffering: .unbounded,
        clock: clock)
      for try await value in debounced { received.record(value) }
    }
    source.yield("a")  // leads
    source.yield("b")  // trails, due at 10
    try await source.waitForDemandBounded()
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .milliseconds(10))  // b is due; its task waits at the gate
    source.yield("c")  // a new burst: leads
    try await source.waitForDemandBounded()
    try await received.waitForCountBounded(3, "a, then b settled by the catch-up, then c")
    #expect(received.values == ["a", "b", "c"])
    clock.wakeUps.open()
    source.finish()
    try await consumer.valueBounded("the sequence to end after its base")
    #expect(received.values == ["a", "b", "c"])
  }

  /// maxWait 15: 1 at 0, 2 at 5 and 3 at 10 keep the quiet period from ending; at 15 the
  /// maxWait deadline is due, and 4 settles 3 first (the newest value when it came due). The
  /// timer, left awake for its held task, then times 4: quiet at 25, maxWait at 30.
  @Test func aMaxWaitDeadlineCaughtUpByAnElementKeepsItsTimer() async throws {
    let clock = GatedClock()
    let source = ManualSequence<Int, any Error>()
    let received = ValueRecorder<Int>()
    let consumer = Task {
      let debounced = source.debounced(
        for: .milliseconds(10), options: DebounceOptions(maxWait: .milliseconds(15)),
        buffering: .unbounded, clock: clock)
      for try await value in debounced { received.record(value) }
    }
    source.yield(1)
    try await source.waitForDemandBounded()
    try await clock.manual.waitForSleepersBounded(count: 1)  // toward 1's quiet deadline, 10
    await clock.manual.advance(by: .milliseconds(5))
    source.yield(2)
    try await source.waitForDemandBounded()
    await clock.manual.advance(by: .milliseconds(5))  // 10: the task wakes and waits at the gate
    source.yield(3)  // catches up: sleeps toward 15 (2's quiet deadline and maxWait alike)
    try await source.waitForDemandBounded()
    await clock.manual.advance(by: .milliseconds(5))  // 15: maxWait is due
    source.yield(4)  // settles 3 first
    try await source.waitForDemandBounded()
    try await received.waitForCountBounded(1, "3, settled by the catch-up at maxWait")
    #expect(received.values == [3])
    clock.wakeUps.open()
    try await clock.manual.waitForSleepersBounded(count: 1)  // the same task, toward 25
    await clock.manual.advance(by: .milliseconds(10))
    try await received.waitForCountBounded(2, "4, from the timer's task at its quiet deadline")
    #expect(received.values == [3, 4])
    source.finish()
    try await consumer.valueBounded("the sequence to end after its base")
    #expect(received.values == [3, 4])
  }
}
