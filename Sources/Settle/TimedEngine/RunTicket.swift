/// A dispatched run, claimed on the action's isolation right before it starts.
///
/// The claim is the machine's last word, and nothing runs when it refuses: a `cancel()` since
/// the ticket was issued refuses every ticket, and a later `send` or `flush()` refuses a
/// ticket that takes its value from the machine (``carried`` is `nil`). A ticket that carries
/// its value is not refused by a later dispatch; its task is cancelled (see ``StartRun``).
@usableFromInline
package struct RunTicket<Value> {
  /// Unique per machine, in dispatch order, starting at 1.
  @usableFromInline
  package let id: UInt64
  /// The value the run takes, when the ticket carries it (a leading edge, a flush, a
  /// throttled run); `nil` when the run takes the value the machine holds for this ticket
  /// at claim time (a trailing edge or a maxWait run, whose value a `send` may still change).
  @usableFromInline
  package let carried: Value?

  @inlinable
  package init(id: UInt64, carried: Value?) {
    self.id = id
    self.carried = carried
  }
}

extension RunTicket: Sendable where Value: Sendable {}
