/// What a debounced or throttled sequence is made of, and how each of its iterators is made
/// from it: the part every operator shares, so that each sequence type states only how its
/// rule's state machine is built.
///
/// The machine is built, and the tolerance checked, once, when the operator is called, so
/// that a bad argument stops the program there rather than where the sequence is iterated;
/// each iterator starts from a copy of the machine.
@usableFromInline
package struct TimedSequenceRecipe<
  Base: AsyncSequence & Sendable, Machine: TimedStateMachine, C: Clock
>: Sendable
where
  Machine.Input: NumberedPayload, Machine.Value: NumberedPayload,
  Machine.Input.Payload == Base.Element, Machine.Instant == C.Instant, Base.Element: Sendable
{
  @usableFromInline let base: Base
  @usableFromInline let machine: Machine
  @usableFromInline let buffering: ElementBuffering
  @usableFromInline let clock: C
  @usableFromInline let tolerance: Duration?

  /// - Precondition: `tolerance` is `nil` or not negative.
  init(
    base: Base, machine: Machine, buffering: ElementBuffering, clock: C, tolerance: Duration?
  ) {
    C.checkTimerTolerance(tolerance)
    self.base = base
    self.machine = machine
    self.buffering = buffering
    self.clock = clock
    self.tolerance = tolerance
  }

  /// An iterator over a fresh storage, and that storage, which tests wait on. The iterator
  /// starts nothing yet: the base is consumed from the first call to `next()`.
  @inlinable
  package func makeAsyncIteratorAndStorage() -> (
    iterator: PacedSequenceIterator<Base, Machine.Value.Payload>,
    storage: TimedSequenceStorage<Base, Machine, C>
  ) {
    let storage = TimedSequenceStorage(
      base: base, machine: machine, buffering: buffering, clock: clock, tolerance: tolerance)
    let owner = TimedSequenceOwner(next: storage.next, terminate: storage.terminate)
    return (PacedSequenceIterator(owner: owner), storage)
  }
}
