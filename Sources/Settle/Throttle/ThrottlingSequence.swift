/// An asynchronous sequence that emits at most one element per interval, the value its
/// ``RunFold`` made of the elements it covers; made by
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:buffering:clock:)`` (a
/// ``ThrottledSequence``) or
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:folding:buffering:clock:)`` (a
/// ``FoldingThrottledSequence``).
///
/// It follows the ``Throttling`` rules (the first element at once, then at each window's end
/// what the ``ThrottleMode`` keeps of the elements received in the window, folded together
/// with a ``Fold``, emitted on the timer without waiting for another element; in
/// ``ThrottleMode/newestAtWindowEndOnly`` the first element waits for its window's end too)
/// and adds what a sequence needs:
/// - **Eager.** The base is consumed as fast as it produces (push, not pull), so a slow
///   consumer never shifts the timing.
/// - **Slow consumer.** Elements that become due while the consumer is busy are kept as its
///   ``ElementBuffering`` says: by default only the newest waits (with a ``Fold``, only the
///   newest accumulation: pass ``ElementBuffering/unbounded`` to keep them all).
/// - **Finish.** When the base finishes while an element waits for its window, that element
///   is emitted when the window ends, then the sequence finishes; with nothing waiting it
///   finishes at once. So no two elements are ever emitted closer than one interval, however
///   the base ends, as with swift-async-algorithms' `_throttle`, RxJS and Combine.
/// - **Error.** When the base throws, the waiting element is dropped and the error is thrown
///   from `next()` at once, after the elements already due, whether or not the consumer was
///   waiting at that moment (Combine would deliver the waiting element first).
/// - **Cancellation.** When the consuming task is cancelled, `next()` returns `nil` at once,
///   the base's iteration is cancelled and no task outlives the iterator.
/// - **Due means settled.** An element whose window's end the clock has reached goes out
///   before anything that arrives after that reading, as ``DebouncingSequence`` describes.
///
/// Each iterator consumes the base separately. Iterators are not `Sendable`: iterate in one
/// task.
public struct ThrottlingSequence<
  Base: AsyncSequence & Sendable, Folding: RunFold, C: Clock
>: Sendable
where Folding.Input == Base.Element, C.Duration == Duration {
  @usableFromInline
  package typealias Machine = ThrottleStateMachine<NumberedFold<Folding>, C.Instant>

  @usableFromInline
  let base: Base
  @usableFromInline
  let interval: Duration
  @usableFromInline
  let tolerance: Duration?
  @usableFromInline
  let mode: ThrottleMode
  @usableFromInline
  let fold: Folding
  @usableFromInline
  let buffering: ElementBuffering
  @usableFromInline
  let clock: C
}

extension ThrottlingSequence: AsyncSequence {
  /// What the fold makes: the base's elements for a ``ThrottledSequence``.
  public typealias Element = Folding.Output

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      owner: TimedSequenceOwner(
        storage: TimedSequenceStorage(
          base: base,
          machine: Machine(interval: interval, mode: mode, fold: NumberedFold(fold)),
          buffering: buffering,
          clock: clock,
          tolerance: tolerance
        )))
  }

  /// The iterator of a ``ThrottlingSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline
    package let owner: TimedSequenceOwner<Base, Machine, C>

    @inlinable
    init(owner: TimedSequenceOwner<Base, Machine, C>) {
      self.owner = owner
    }

    /// The next throttled element; `nil` when the base finished or the task was cancelled;
    /// throws what the base threw.
    @inlinable
    public mutating func next() async rethrows -> Element? {
      try await owner.storage.next()
    }
  }
}

@available(*, unavailable)
extension ThrottlingSequence.Iterator: Sendable {}
