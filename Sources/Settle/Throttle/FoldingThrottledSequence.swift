/// An asynchronous sequence that emits at most one element per interval: the first element of
/// its base at once, then at each window's end the fold of every element received in the
/// window (in ``ThrottleMode/newestAtWindowEndOnly``, the fold of every element of the window,
/// the one that opened it included); made by
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:folding:buffering:clock:)``.
///
/// It follows the rules of ``ThrottledSequence`` (eager consumption, spacing kept to the end,
/// a slow consumer, error, cancellation); only what it emits differs, as ``FoldingThrottler``
/// differs from ``Throttler``. With the default ``ElementBuffering/newest``, an accumulation
/// that becomes due while the consumer is busy replaces the one waiting for it: pass
/// ``ElementBuffering/unbounded`` when every element must reach the consumer.
///
/// Each iterator consumes the base separately. Iterators are not `Sendable`: iterate in one
/// task.
public struct FoldingThrottledSequence<
  Base: AsyncSequence & Sendable, Accumulated: Sendable, C: Clock
>: Sendable
where Base.Element: Sendable, C.Duration == Duration {
  @usableFromInline
  typealias Machine = FoldingThrottleMachine<Base.Element, Accumulated, C.Instant>

  @usableFromInline
  let base: Base
  @usableFromInline
  let interval: Duration
  @usableFromInline
  let tolerance: Duration?
  @usableFromInline
  let mode: ThrottleMode
  @usableFromInline
  let fold: Fold<Base.Element, Accumulated>
  @usableFromInline
  let buffering: ElementBuffering
  @usableFromInline
  let clock: C
}

extension FoldingThrottledSequence: AsyncSequence {
  /// The accumulations.
  public typealias Element = Accumulated

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      owner: TimedSequenceOwner(
        storage: TimedSequenceStorage(
          base: base,
          machine: Machine(
            interval: interval, mode: mode, fold: NumberedFold(fold)),
          buffering: buffering,
          clock: clock,
          tolerance: tolerance
        )))
  }

  /// The iterator of a ``FoldingThrottledSequence``.
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
extension FoldingThrottledSequence.Iterator: Sendable {}

extension FoldingThrottledSequence.Iterator: TimedSequenceIterator {
  package var inputEnded: @Sendable () async -> Void { owner.storage.waitUntilInputEnded }
}
