/// An asynchronous sequence that emits, once its base has been quiet for an interval, the
/// value its ``RunFold`` made of the elements since the previous emission; made by
/// ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:buffering:clock:)`` (a
/// ``DebouncedSequence``) or
/// ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:folding:buffering:clock:)`` (a
/// ``FoldingDebouncedSequence``).
///
/// It follows the ``Debouncing`` rules (trailing by default, leading edge and `maxWait` through
/// ``DebounceOptions``) and adds what a sequence needs:
/// - **Eager.** The base is consumed as fast as it produces (push, not pull), so a slow
///   consumer never shifts the timing.
/// - **Slow consumer.** Elements that become due while the consumer is busy are kept as its
///   ``ElementBuffering`` says: by default only the newest waits, so a consumer that falls
///   behind gets the newest settled element next, never a queue of stale ones. With a
///   ``Fold``, that drops whole accumulations: pass ``ElementBuffering/unbounded`` when every
///   element must reach the consumer.
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
///   yet, so the output depends on the order of events and the clock's readings, never on
///   which task runs first: on a `ManualClock`, a deadline an `advance` passed before the next
///   element is emitted in every run (<doc:TestingWithManualClock#Testing-a-stream>). With an
///   interval of zero, every element is settled as it arrives.
///
/// ## One consumer, one task
/// The base must be `Sendable`, as for swift-async-algorithms' `debounce`: the operator consumes
/// it from a task of its own, so that time keeps counting while the consumer is busy. Each
/// iterator consumes the base on its own, so two tasks iterating one `AsyncStream` at once
/// split its elements at random: iterate once and pass each element on, or give each consumer
/// a base of its own. Iterators are not `Sendable`. All of this holds for
/// ``ThrottlingSequence``.
public struct DebouncingSequence<
  Base: AsyncSequence & Sendable, Folding: RunFold, C: Clock
>: Sendable
where Folding.Input == Base.Element, C.Duration == Duration {
  @usableFromInline
  package typealias Machine = DebounceStateMachine<NumberedFold<Folding>, C.Instant>

  /// The base, the rule's machine, and how iterators are made from them.
  @usableFromInline
  package let recipe: TimedSequenceRecipe<Base, Machine, C>
}

extension DebouncingSequence: AsyncSequence {
  /// What the fold makes: the base's elements for a ``DebouncedSequence``.
  public typealias Element = Folding.Output

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> PacedSequenceIterator<Base, Element> {
    recipe.makeAsyncIteratorAndStorage().iterator
  }
}
