/// Ends a sequence's background work when its iterator is dropped; iterators are structs,
/// so the `deinit` has to live in a class they hold.
@usableFromInline
package final class TimedSequenceOwner<
  Base: AsyncSequence & Sendable, Machine: TimedStateMachine, C: Clock
>:
  Sendable
where
  Machine.Input: NumberedPayload, Machine.Value: NumberedPayload,
  Machine.Input.Payload == Base.Element, Machine.Instant == C.Instant, Base.Element: Sendable
{
  @usableFromInline
  package let storage: TimedSequenceStorage<Base, Machine, C>

  @usableFromInline
  package init(storage: TimedSequenceStorage<Base, Machine, C>) {
    self.storage = storage
  }

  deinit {
    storage.terminate()
  }
}
