/// The iterator of ``DebouncingSequence`` and ``ThrottlingSequence``: one type for every
/// operator, since what differs between them, the rule, lives in the sequence's engine.
///
/// `next()` throws only when `Base` can throw, as the base's own iterator does: over an
/// `AsyncStream`, `for await` needs no `try`. The first call starts the task that consumes the
/// base; dropping the iterator ends that task and cancels what is pending.
/// ``DebouncingSequence`` states the rules every operator shares: eager consumption, a slow
/// consumer, finish, error, cancellation, and "due means settled".
///
/// Iterators are not `Sendable`: iterate in one task, as ``DebouncingSequence`` explains.
public struct PacedSequenceIterator<Base: AsyncSequence & Sendable, Element: Sendable>:
  AsyncIteratorProtocol
{
  @usableFromInline
  package let owner: TimedSequenceOwner<Element>

  @inlinable
  package init(owner: TimedSequenceOwner<Element>) {
    self.owner = owner
  }

  /// The next element; `nil` when the base finished or the task was cancelled; throws what
  /// the base threw.
  ///
  /// - Complexity: O(1) per element, plus the fold's work, which ran when the element arrived.
  @inlinable
  public mutating func next() async rethrows -> Element? {
    try await owner.next()
  }
}

@available(*, unavailable)
extension PacedSequenceIterator: Sendable {}
