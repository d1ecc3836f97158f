/// An asynchronous sequence that emits at most one element of its base per interval; made by
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:buffering:clock:)``.
///
/// It follows the ``Throttler`` rules (the first element at once, then at each window's end
/// the newest or the first element received in the window, emitted on the timer without
/// waiting for another element; in ``ThrottleMode/newestAtWindowEndOnly`` the first element
/// waits for its window's end too) and adds what a sequence needs:
/// - **Eager.** The base is consumed as fast as it produces (push, not pull), so a slow
///   consumer never shifts the timing.
/// - **Slow consumer.** Elements that become due while the consumer is busy are kept as its
///   ``ElementBuffering`` says: by default only the newest waits.
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
///   before anything that arrives after that reading, as ``DebouncedSequence`` describes.
///
/// Each iterator consumes the base separately. Iterators are not `Sendable`: iterate in one
/// task.
public struct ThrottledSequence<Base: AsyncSequence & Sendable, C: Clock>: Sendable
where Base.Element: Sendable, C.Duration == Duration {
  @usableFromInline
  let base: Base
  @usableFromInline
  let interval: Duration
  @usableFromInline
  let tolerance: Duration?
  @usableFromInline
  let mode: ThrottleMode
  @usableFromInline
  let buffering: ElementBuffering
  @usableFromInline
  let clock: C
}

extension ThrottledSequence: AsyncSequence {
  /// The base's elements.
  public typealias Element = Base.Element

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      storage: TimedSequenceStorage(
        base: base,
        machine: ThrottleStateMachine(interval: interval, mode: mode),
        buffering: buffering,
        clock: clock,
        tolerance: tolerance
      ))
  }

  /// The iterator of a ``ThrottledSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline
    let owner: TimedSequenceOwner<Base, LatestThrottleMachine<Base.Element, C.Instant>, C>

    @inlinable
    init(
      storage: TimedSequenceStorage<
        Base, LatestThrottleMachine<Base.Element, C.Instant>, C
      >
    ) {
      owner = TimedSequenceOwner(storage: storage)
    }

    /// The next throttled element; `nil` when the base finished or the task was cancelled;
    /// throws what the base threw.
    @inlinable
    public mutating func next() async rethrows -> Base.Element? {
      try await owner.storage.next()
    }
  }
}

@available(*, unavailable)
extension ThrottledSequence.Iterator: Sendable {}
