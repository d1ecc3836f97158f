/// An asynchronous sequence that emits an element of its base once the base has been quiet
/// for an interval; made by
/// ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:buffering:clock:)``.
///
/// It follows the ``Debouncer`` rules (trailing by default, leading edge and `maxWait` through
/// ``DebounceOptions``) and adds what a sequence needs:
/// - **Eager.** The base is consumed as fast as it produces (push, not pull), so a slow
///   consumer never shifts the timing.
/// - **Slow consumer.** Elements that become due while the consumer is busy are kept as its
///   ``ElementBuffering`` says: by default only the newest waits, so a consumer that falls
///   behind gets the newest settled element next, never a queue of stale ones.
/// - **Finish.** When the base finishes, a pending element is emitted at once, then the
///   sequence finishes: a debounce has no spacing to keep (unlike ``ThrottledSequence``).
/// - **Error.** When the base throws, the pending element is dropped and the error is thrown
///   from `next()` after the elements already due, whether or not the consumer was waiting at
///   that moment.
/// - **Cancellation.** When the consuming task is cancelled, `next()` returns `nil`, the base's
///   iteration is cancelled and no task outlives the iterator.
/// - **Due means settled.** An element whose deadline the clock has reached is settled before
///   anything that arrives after that reading: the base's next element, end or failure never
///   supersedes or drops it, and a consumer asking in `next()` finds it. The operator does what
///   its timer is due to do at each of those events, whether or not the timer's task has run
///   yet, so what the consumer gets depends on the order of events and the clock's readings,
///   never on which task the executor runs first. On a `ManualClock`, a value whose deadline an
///   `advance` passed before the test yielded the next element is emitted in every run: see
///   <doc:TestingWithManualClock#Testing-a-stream>. With an interval of zero, every element is
///   settled as it arrives, and only a busy consumer's ``ElementBuffering`` drops any. The same
///   holds for ``ThrottledSequence``.
///
/// Each iterator consumes the base separately. Iterators are not `Sendable`: iterate in one
/// task.
public struct DebouncedSequence<Base: AsyncSequence & Sendable, C: Clock>: Sendable
where Base.Element: Sendable, C.Duration == Duration {
  @usableFromInline
  let base: Base
  @usableFromInline
  let interval: Duration
  @usableFromInline
  let tolerance: Duration?
  @usableFromInline
  let options: DebounceOptions
  @usableFromInline
  let buffering: ElementBuffering
  @usableFromInline
  let clock: C
}

extension DebouncedSequence: AsyncSequence {
  /// The base's elements.
  public typealias Element = Base.Element

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> Iterator {
    Iterator(
      storage: TimedSequenceStorage(
        base: base,
        machine: DebounceStateMachine(interval: interval, options: options),
        buffering: buffering,
        clock: clock,
        tolerance: tolerance
      ))
  }

  /// The iterator of a ``DebouncedSequence``.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline
    let owner: TimedSequenceOwner<Base, LatestDebounceMachine<Base.Element, C.Instant>, C>

    @inlinable
    init(
      storage: TimedSequenceStorage<
        Base, LatestDebounceMachine<Base.Element, C.Instant>, C
      >
    ) {
      owner = TimedSequenceOwner(storage: storage)
    }

    /// The next debounced element; `nil` when the base finished or the task was cancelled;
    /// throws what the base threw.
    @inlinable
    public mutating func next() async rethrows -> Base.Element? {
      try await owner.storage.next()
    }
  }
}

@available(*, unavailable)
extension DebouncedSequence.Iterator: Sendable {}
