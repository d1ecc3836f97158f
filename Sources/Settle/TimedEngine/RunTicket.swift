/// A dispatched run, claimed on the action's isolation right before it starts.
///
/// The claim is the machine's last word: a ticket that a later `send` or `cancel()`
/// superseded while it waited for its turn is refused there, and nothing runs.
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
