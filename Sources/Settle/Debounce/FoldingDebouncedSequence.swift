/// An asynchronous sequence that emits, once its base has been quiet for an interval, the fold
/// of every element since the previous emission; made by
/// ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:folding:buffering:clock:)``.
///
/// It follows the rules of ``DebouncedSequence`` (eager consumption, a slow consumer, finish,
/// error, cancellation); only what it emits differs, as ``FoldingDebouncer`` differs from
/// ``Debouncer``. With the default ``ElementBuffering/newest``, an accumulation that becomes due
/// while the consumer is busy replaces the one waiting for it: pass
/// ``ElementBuffering/unbounded`` when every element must reach the consumer.
///
/// Each iterator consumes the base separately. Iterators are not `Sendable`: iterate in one
/// task.
public struct FoldingDebouncedSequence<
  Base: AsyncSequence & Sendable, Accumulated: Sendable, C: Clock
>: Sendable
where Base.Element: Sendable, C.Duration == Duration {
  @usableFromInline
  typealias Machine = FoldingDebounceMachine<Base.Element, Accumulated, C.Instant>

  @usableFromInline
  let base: Base
  @usableFromInline
  let interval: Duration
  @usableFromInline
  let tolerance: Duration?
  @usableFromInline
  let options: DebounceOptions
  @usableFromInline
  let fold: Fold<Base.Element, Accumulated>
  @usableFromInline
  let buffering: ElementBuffering
  @usableFromInline
  let clock: C
}

extension FoldingDebouncedSequence: AsyncSequence {
  /// The accumulations.
  public typealias Element = Accumulated

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      owner: TimedSequenceOwner(
        storage: TimedSequenceStorage(
          base: base,
          machine: Machine(interval: interval, options: options, fold: NumberedFold(fold)),
          buffering: buffering,
          clock: clock,
          tolerance: tolerance
        )))
  }

  /// The iterator of a ``FoldingDebouncedSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline
    let owner: TimedSequenceOwner<Base, Machine, C>

    @inlinable
    init(owner: TimedSequenceOwner<Base, Machine, C>) {
      self.owner = owner
    }

    /// The next accumulation; `nil` when the base finished or the task was cancelled; throws
    /// what the base threw.
    @inlinable
    public mutating func next() async rethrows -> Accumulated? {
      try await owner.storage.next()
    }
  }
}

@available(*, unavailable)
extension FoldingDebouncedSequence.Iterator: Sendable {}

extension FoldingDebouncedSequence.Iterator: TimedSequenceIterator {
  package var inputEnded: @Sendable () async -> Void { owner.storage.waitUntilInputEnded }
}
