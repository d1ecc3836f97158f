import SettleTesting
import Testing

/// A consumer that iterates a sequence in a task of its own, recording every element, until
/// the test stops it: the loop every operator test starts, written once.
///
/// ```swift
/// let consumer = RecordingConsumer(queries.debounced(for: .milliseconds(300), clock: clock))
/// try await consumer.received.waitForCountBounded(1)
/// try await consumer.stop()
/// #expect(consumer.received.values == ["dune"])
/// ```
public struct RecordingConsumer<Element: Sendable>: Sendable {
  /// Every element the consumer received, in order.
  public let received = ValueRecorder<Element>()
  private let task: Task<Void, any Error>

  /// Starts iterating `sequence` at once, in a task that inherits the caller's actor.
  public init<Sequence: AsyncSequence & Sendable>(
    _ sequence: Sequence, isolation: isolated (any Actor)? = #isolation
  ) where Sequence.Element == Element {
    let received = self.received
    task = Task {
      _ = isolation
      for try await element in sequence { received.record(element) }
    }
  }

  /// Cancels the consumer and waits, bounded, until its task has returned.
  public func stop(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    task.cancel()
    _ = try await task.resultBounded(
      "the cancelled consumer to return", sourceLocation: sourceLocation)
  }
}
