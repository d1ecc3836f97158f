/// Part of an action: start a task for `ticket`, and cancel the tasks of the runs it
/// supersedes.
///
/// The superseded runs are every run still in flight when the ticket was issued (see
/// ``RunLedger/dispatch(carrying:)``): cancelling them lets an action that is still
/// running stop early, and the new run starts only after they have returned.
@usableFromInline
package struct StartRun<Value> {
  /// The run to start.
  @usableFromInline
  package let ticket: RunTicket<Value>
  /// The tickets of the runs whose tasks to cancel; empty when none is in flight.
  @usableFromInline
  package let superseding: Range<UInt64>

  @inlinable
  package init(ticket: RunTicket<Value>, superseding: Range<UInt64>) {
    self.ticket = ticket
    self.superseding = superseding
  }
}

extension StartRun: Sendable where Value: Sendable {}
