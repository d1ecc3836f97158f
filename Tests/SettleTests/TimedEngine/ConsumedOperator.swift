import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A task consuming an operator over a `ManualSequence` of integers, with the counts of the
/// engine behind the operator: what tests of its timer tasks look at while a consumer runs.
struct ConsumedOperator: Sendable {
  let source: ManualSequence<Int, any Error>
  let received: ValueRecorder<Int>
  let consumer: Task<Void, any Error>
  /// The engine's timers, counted by the machine (``PacedRuns/timersStarted``).
  let timersStarted: @Sendable () -> Int
  /// The engine's timer tasks (``PacedRuns/timerTasksCreated``).
  let timerTasksCreated: @Sendable () -> Int

  /// Starts a task that iterates what `makeIterator` makes from ``source`` and records each
  /// element; returns once the iterator exists, so the test can yield at once.
  static func start<Iterator: AsyncIteratorProtocol, Machine, C>(
    _ makeIterator:
      @escaping @Sendable (ManualSequence<Int, any Error>) -> (
        Iterator, TimedRuns<Machine, C, Void, Never>
      )
  ) async throws -> ConsumedOperator where Iterator.Element == Int, Iterator: SendableMetatype {
    let engines = ValueRecorder<TimedRuns<Machine, C, Void, Never>>()
    let source = ManualSequence<Int, any Error>()
    let received = ValueRecorder<Int>()
    let consumer = Task {
      var (iterator, engine) = makeIterator(source)
      engines.record(engine)
      while let value = try await iterator.next() { received.record(value) }
    }
    try await engines.waitForCountBounded(1, "the consumer to make its iterator")
    let engine = engines.values[0]
    return ConsumedOperator(
      source: source, received: received, consumer: consumer,
      timersStarted: { engine.timersStarted }, timerTasksCreated: { engine.timerTasksCreated })
  }

  /// Finishes the source and returns what the consumer received by the sequence's end.
  func finish() async throws -> [Int] {
    source.finish()
    try await consumer.valueBounded("the sequence to end after its base")
    return received.values
  }
}
