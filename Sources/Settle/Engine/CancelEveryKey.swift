/// What a ``RunTable`` asks of its engine on a cancel of every key: stop the timer task and
/// the runs in flight. Their tickets are already void, so none of them starts even if its task
/// is past its cancellation checks.
@usableFromInline
package struct CancelEveryKey<Key: Sendable>: Sendable {
  /// Cancel the timer task.
  @usableFromInline
  package let stopsTimer: Bool
  /// Per key with runs in flight, the tickets whose tasks to cancel.
  @usableFromInline
  package let cancelling: [(key: Key, tickets: Range<UInt64>)]

  @inlinable
  package init(stopsTimer: Bool, cancelling: [(key: Key, tickets: Range<UInt64>)]) {
    self.stopsTimer = stopsTimer
    self.cancelling = cancelling
  }
}
