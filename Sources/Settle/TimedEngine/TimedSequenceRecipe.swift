/// What a debounced or throttled sequence is made of, and how each of its iterators is made
/// from it: the part every operator shares, so that each sequence type states only how its
/// rule's state machine is built.
///
/// The machine is built once, when the operator is called (so that a bad argument fails
/// there), and each iterator starts from a copy of it.
@usableFromInline
package struct TimedSequenceRecipe<
  Base: AsyncSequence & Sendable, Machine: TimedStateMachine, C: Clock
>: Sendable
where
  Machine.Input: NumberedPayload, Machine.Value: NumberedPayload,
  Machine.Input.Payload == Base.Element, Machine.Instant == C.Instant, Base.Element: Sendable
{
  @usableFromInline
  let base: Base
  @usableFromInline
  let machine: Machine
  @usableFromInline
  let buffering: ElementBuffering
  @usableFromInline
  let clock: C
  @usableFromInline
  let tolerance: Duration?

  @inlinable
  package init(
    base: Base, machine: Machine, buffering: ElementBuffering, clock: C, tolerance: Duration?
  ) {
    self.base = base
    self.machine = machine
    self.buffering = buffering
    self.clock = clock
    self.tolerance = tolerance
  }

  /// A fresh storage for one iterator.
  @inlinable
  package func makeStorage() -> TimedSequenceStorage<Base, Machine, C> {
    TimedSequenceStorage(
      base: base, machine: machine, buffering: buffering, clock: clock, tolerance: tolerance)
  }

  /// An iterator over a fresh storage; it starts nothing yet: the base is consumed from the
  /// first call to `next()`.
  @inlinable
  package func makeAsyncIterator() -> PacedSequenceIterator<Base, Machine.Value.Payload> {
    Self.iterator(over: makeStorage())
  }

  /// The iterator that reads `storage`.
  @inlinable
  package static func iterator(
    over storage: TimedSequenceStorage<Base, Machine, C>
  ) -> PacedSequenceIterator<Base, Machine.Value.Payload> {
    PacedSequenceIterator(owner: TimedSequenceOwner(storage: storage, next: storage.next))
  }
}
