import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A user's test of `debounced` and `throttled` on a `ManualClock`, written with public API
/// only: the order of the test's calls decides what the consumer gets, whichever task the
/// executor runs first.
///
/// The race these guard against: an `advance` wakes the operator's timer task, and the test
/// yields the next element at once. Before Settle caught the timer up at every event, the task
/// taking that element from the base could reach the engine first, and the element superseded
/// the value whose deadline had passed. Each test repeats its scenario, so that one run of the
/// suite sees many interleavings; `Scripts/test-under-load` runs them on a saturated machine.
@Suite("A stream tested on a ManualClock", .watched)
struct StreamOnManualClockTests {
  static let repetitions = 200

  /// The search field of the issue: the consumer is held inside its loop on "a"; "b" settles
  /// while it is busy, the clock passing b's deadline; "c" is yielded right after that
  /// `advance`. `.unbounded` keeps every settled value; `.newest` only the newest.
  @Test(arguments: [(ElementBuffering.unbounded, ["a", "b", "c"]), (.newest, ["a", "c"])])
  func aBusyConsumerOfDebouncedGetsTheValueAnAdvanceSettled(
    buffering: ElementBuffering, expected: [String]
  ) async throws {
    for run in 1...Self.repetitions {
      let received = try await Self.search(buffering: buffering) { stream, clock in
        stream.debounced(for: .milliseconds(100), buffering: buffering, clock: clock)
      }
      #expect(received == expected, "run \(run) of \(Self.repetitions)")
      if received != expected { return }
      Watchdog.shared.noteProgress()
    }
  }

  /// The same with `throttled`: "a" goes out at once and opens a 100 ms window; "b" waits for
  /// its end; the clock passes it, and "c" is yielded at once, so "b" goes out first and "c"
  /// waits for the next window.
  @Test(arguments: [(ElementBuffering.unbounded, ["a", "b", "c"]), (.newest, ["a", "c"])])
  func aBusyConsumerOfThrottledGetsTheValueAnAdvanceSettled(
    buffering: ElementBuffering, expected: [String]
  ) async throws {
    for run in 1...Self.repetitions {
      let received = try await Self.search(buffering: buffering, leadingValueRunsAtOnce: true) {
        stream, clock in
        stream.throttled(for: .milliseconds(100), buffering: buffering, clock: clock)
      }
      #expect(received == expected, "run \(run) of \(Self.repetitions)")
      if received != expected { return }
      Watchdog.shared.noteProgress()
    }
  }

  /// An idle consumer: 1 settles when the clock passes its deadline, and 2, yielded right after
  /// that `advance`, does not supersede it.
  @Test(arguments: [ElementBuffering.newest, .unbounded])
  func anIdleConsumerOfDebouncedGetsTheValueAnAdvanceSettled(buffering: ElementBuffering)
    async throws
  {
    for run in 1...Self.repetitions {
      let received = try await Self.idle(yielding: [[1], [2]]) { stream, clock in
        stream.debounced(for: .milliseconds(100), buffering: buffering, clock: clock)
      }
      #expect(received == [1, 2], "run \(run) of \(Self.repetitions)")
      if received != [1, 2] { return }
      Watchdog.shared.noteProgress()
    }
  }

  /// An idle consumer of `throttled`: 1 goes out at once, 2 waits for the window's end, the
  /// clock passes it, and 3, yielded right after, does not replace 2.
  @Test(arguments: [ElementBuffering.newest, .unbounded])
  func anIdleConsumerOfThrottledGetsTheValueAnAdvanceSettled(buffering: ElementBuffering)
    async throws
  {
    for run in 1...Self.repetitions {
      let received = try await Self.idle(yielding: [[1, 2], [3]]) { stream, clock in
        stream.throttled(for: .milliseconds(100), buffering: buffering, clock: clock)
      }
      #expect(received == [1, 2, 3], "run \(run) of \(Self.repetitions)")
      if received != [1, 2, 3] { return }
      Watchdog.shared.noteProgress()
    }
  }

  // MARK: - The scenarios, as a user writes them

  /// a; the clock passes its deadline (a debounce's; a throttle runs it at once); the consumer
  /// holds on a while b settles, and c is yielded right after the `advance` that settled b.
  static func search<S: AsyncSequence & Sendable>(
    buffering: ElementBuffering,
    leadingValueRunsAtOnce: Bool = false,
    _ makeOperator: (AsyncStream<String>, ManualClock) -> S
  ) async throws -> [String] where S.Element == String {
    let clock = ManualClock()
    let (stream, input) = AsyncStream<String>.makeStream(bufferingPolicy: .unbounded)
    let received = ValueRecorder<String>()
    let holdOnA = AsyncGate()
    let results = makeOperator(stream, clock)
    let consumer = Task {
      for try await query in results {
        received.record(query)
        if query == "a" { await holdOnA.wait() }
      }
    }
    input.yield("a")
    if leadingValueRunsAtOnce {
      try await received.waitForCountBounded(1)
    } else {
      try await clock.waitForSleepersBounded(count: 1)
      await clock.advance(by: .milliseconds(100))
    }
    input.yield("b")
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(150))  // past b's deadline
    input.yield("c")  // at once
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(150))
    holdOnA.open()
    input.finish()
    try await consumer.valueBounded("the consumer to finish")
    return received.values
  }

  /// Each group is yielded at once, right after the previous `advance`; then the test waits for
  /// the timer to sleep and advances 150 ms, past every deadline. Before that advance it waits
  /// for the earlier groups' values to arrive, so that the consumer is idle again when the next
  /// one settles: a value's arrival is all a test can wait for, since nothing says when the
  /// consumer's loop is back inside `next()`, and with `.newest` two values settling before it
  /// is would leave only the newer.
  static func idle<S: AsyncSequence & Sendable>(
    yielding groups: [[Int]],
    _ makeOperator: (AsyncStream<Int>, ManualClock) -> S
  ) async throws -> [Int] where S.Element == Int {
    let clock = ManualClock()
    let (stream, input) = AsyncStream<Int>.makeStream(bufferingPolicy: .unbounded)
    let received = ValueRecorder<Int>()
    let results = makeOperator(stream, clock)
    let consumer = Task {
      for try await value in results { received.record(value) }
    }
    var yielded = 0
    for group in groups {
      for value in group { input.yield(value) }  // at once
      try await received.waitForCountBounded(yielded)
      yielded += group.count
      try await clock.waitForSleepersBounded(count: 1)
      await clock.advance(by: .milliseconds(150))  // past every deadline
    }
    input.finish()
    try await consumer.valueBounded("the consumer to finish")
    return received.values
  }
}
