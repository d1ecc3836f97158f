/// What a ``TimedStateMachine`` asks of its owner on `cancel()`: stop the timer task and the
/// runs in flight. Their tickets are already void (see ``RunLedger/cancel()``), so none of
/// them starts even if its task is past cancellation checks.
@usableFromInline
package struct CancelAction: Sendable {
  /// Cancel the timer task.
  @usableFromInline
  package let stopsTimer: Bool
  /// The tickets of the runs whose tasks to cancel; empty when none is in flight.
  @usableFromInline
  package let cancelling: Range<UInt64>

  @inlinable
  package init(stopsTimer: Bool, cancelling: Range<UInt64>) {
    self.stopsTimer = stopsTimer
    self.cancelling = cancelling
  }
}
