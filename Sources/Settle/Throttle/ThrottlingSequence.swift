/// An asynchronous sequence that emits at most one element per interval, the value its
/// ``RunFold`` made of the elements it covers; made by
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:buffering:clock:)`` (a
/// ``ThrottledSequence``) or
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:folding:buffering:clock:)`` (a
/// ``FoldingThrottledSequence``).
///
/// It follows the ``Throttling`` rules, emitting on the timer without waiting for another
/// element, and the sequence rules of ``DebouncingSequence`` (eager consumption, a slow
/// consumer, cancellation, due means settled), except at the end:
/// - **Finish.** When the base finishes while an element waits for its window, that element
///   is emitted when the window ends, then the sequence finishes; with nothing waiting it
///   finishes at once. So no two elements are ever emitted closer than one interval, however
///   the base ends, as with swift-async-algorithms' `_throttle`, RxJS and Combine.
/// - **Error.** When the base throws, the waiting element is dropped and the error is thrown
///   from `next()` at once, after the elements already due, whether or not the consumer was
///   waiting at that moment (Combine would deliver the waiting element first).
///
/// Iterate it in one task at a time, as ``DebouncingSequence`` explains; unlike
/// swift-async-algorithms' pull-based `_throttle`, it consumes its base from a task of its own.
public struct ThrottlingSequence<
  Base: AsyncSequence & Sendable, Folding: RunFold, C: Clock
>: Sendable
where Folding.Input == Base.Element, C.Duration == Duration {
  @usableFromInline
  package typealias Machine = ThrottleStateMachine<NumberedFold<Folding>, C.Instant>

  /// The base, the rule's machine, and how iterators are made from them.
  @usableFromInline
  package let recipe: TimedSequenceRecipe<Base, Machine, C>
}

extension ThrottlingSequence: AsyncSequence {
  /// What the fold makes: the base's elements for a ``ThrottledSequence``.
  public typealias Element = Folding.Output

  /// Starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  public func makeAsyncIterator() -> PacedSequenceIterator<Base, Element> {
    recipe.makeAsyncIteratorAndStorage().iterator
  }
}
