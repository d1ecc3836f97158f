// Hooks: an operator's iterator `inputEnded`, only to learn that the operator has handled its
// base's end or failure: no element follows them, so a test cannot wait for demand as it does
// after a value, and a replay must not move the clock while the failure is still in flight.
// Delivery needs no hook: the operator catches up with the clock at every element and every
// `next()` (see `TimedRuns.Handover`), as a user's test relies on.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

extension TimelineReplayTests {
  /// Sends each input to a debouncer or throttler at its time (or makes the call `!cancel`,
  /// `!flush`) and records when each action starts.
  ///
  /// After each step and each input the replay settles, so a run records the instant it was
  /// due.
  ///
  /// A timeline with ``Timeline/outcomes`` sends each value with `sendAndWait` from a task of
  /// its own, and records what each caller learned and when it returned into `outcomes`; at
  /// each step the replay waits for the callers the timeline shows returning by then.
  func replayTimedRuns(
    _ timeline: Timeline,
    step: Int,
    outcomes: ValueRecorder<Timeline.Event>? = nil,
    make: (ManualClock, @escaping @Sendable (String) async -> Void) -> TimedRunsDriver
  ) async throws -> [Timeline.Event] {
    let clock = ManualClock()
    let ran = ValueRecorder<Timeline.Event>()
    /// Waits for the callers the timeline shows returning by `time`.
    func waitForOutcomes(through time: Int) async throws {
      guard let outcomes, let expected = timeline.outcomes else { return }
      let count = expected.filter { $0.at <= time }.count
      try await outcomes.waitForCountBounded(count, "\(timeline.name): callers back by \(time) ms")
    }
    let driver = make(clock) { value in
      ran.record(Timeline.Event(value: value, at: clock.millis))
    }
    for time in stride(from: 0, through: timeline.end, by: step) {
      await clock.advance(toMs: time)
      try await bounded("\(timeline.name): the runs due at \(time) ms to settle") {
        await driver.settle()
      }
      try await waitForOutcomes(through: time - 1)
      for input in timeline.inputs where input.at == time {
        switch input.value {
        case "!cancel": driver.cancel()
        case "!release": driver.release()
        case "!background":
          try await bounded("\(timeline.name): the background flush at \(time) ms to return") {
            await driver.enterBackground()
          }
        case "!flush":
          guard let flush = driver.flush else {
            Issue.record("\(timeline.name) flushes an owner that has no flush()")
            break
          }
          try await bounded("\(timeline.name): flush at \(time) ms to return") { await flush() }
        case let call where call.hasPrefix("!"):
          Issue.record("unknown call \(call) in \(timeline.name)")
        default:
          guard let outcomes, let sendAndWait = driver.sendAndWait else {
            driver.send(input.value)
            break
          }
          let before = driver.inputsSent()
          let value = input.value
          Task {
            let outcome = try await sendAndWait(value)
            outcomes.record(Timeline.Event(value: "\(value) \(outcome)", at: clock.millis))
          }
          try await bounded("\(timeline.name): \(value)@\(time) to be sent") {
            while driver.inputsSent() == before { await Task.yield() }
          }
        }
        try await bounded("\(timeline.name): \(input.value)@\(time) to settle") {
          await driver.settle()
        }
      }
      try await waitForOutcomes(through: time)
    }
    withExtendedLifetime(driver.keepAlive) {}
    return ran.values
  }

  /// Feeds the inputs to an operator over a `ManualSequence` and records when the consumer
  /// receives each element and when its iteration ends.
  ///
  /// A consumer with ``Timeline/consumerBusy`` holds each element until the replay's clock has
  /// moved that far past its arrival: the replay lets it go at that step, before the timer's
  /// runs, so the time it receives its next element is exact.
  ///
  /// At each step: advance the clock, let a busy consumer go, wait for what the timer must emit
  /// there, then feed that step's inputs, each acknowledged by the operator asking for more (so the element was
  /// consumed), or make the call `!finish`, `!fail` or `!cancel`; then wait for what the inputs
  /// must cause. A run that never comes fails the replay within the bounded wait's limit,
  /// naming the timeline and the step; one too many shows in the comparison.
  func replayOperator<S: AsyncSequence & Sendable>(
    _ timeline: Timeline,
    step: Int,
    _ makeSequence: (ManualSequence<String, any Error>, ManualClock) -> S
  ) async throws -> [Timeline.Event]
  where S.Element == String, S: TimedSequence, S.Machine.Value.Payload == String {
    let clock = ManualClock()
    let source = ManualSequence<String, any Error>()
    let (iterator, storage) = makeSequence(source, clock).recipe.makeAsyncIteratorAndStorage()
    let inputEnded = storage.waitUntilInputEnded
    let outputs = ValueRecorder<Timeline.Event>()
    let finishedWith = ValueRecorder<Int>()
    let consumer = Task {
      do {
        var iterator = iterator
        var received = 0
        while let value = try await iterator.next() {
          outputs.record(Timeline.Event(value: value, at: clock.millis))
          received += 1
          await finishedWith.waitForCount(received)
        }
        outputs.record(Timeline.Event(value: "!end", at: clock.millis))
      } catch {
        outputs.record(Timeline.Event(value: "!error", at: clock.millis))
      }
    }
    var fed = 0
    for time in stride(from: 0, through: timeline.end, by: step) {
      await clock.advance(toMs: time)
      // What the timer made due is handed over before the consumer's next `next()` and the
      // next element, whichever task runs first.
      while finishedWith.count < timeline.elementsDone(by: time) { finishedWith.record(time) }
      try await outputs.waitForCountBounded(timeline.runCount(atTimerOf: time))
      for input in timeline.inputs where input.at == time {
        switch input.value {
        case "!finish":
          source.finish()
          try await bounded("\(timeline.name): the operator to see the end") { await inputEnded() }
        case "!fail":
          source.fail(SourceFailure())
          try await bounded("\(timeline.name): the operator to see the failure") {
            await inputEnded()
          }
        case "!cancel": consumer.cancel()
        case let call where call.hasPrefix("!"):
          Issue.record("unknown call \(call) in \(timeline.name)")
        default:
          source.yield(input.value)
          fed += 1
          try await source.waitForDemandBounded()
        }
      }
      try await outputs.waitForCountBounded(timeline.runCount(through: time))
    }
    // A timeline must end its sequence; one that does not shows `!end` at its last instant.
    consumer.cancel()
    try await consumer.valueBounded("\(timeline.name): the consumer to end")
    return outputs.values
  }
}
