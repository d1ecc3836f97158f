/// What a ``RunTable`` asks of the engine's timer task when it wakes: the runs now due, and
/// what the task does next.
@usableFromInline
package struct TimerStep<Key: Sendable, Value: Sendable, Instant: Sendable>: Sendable {
  /// What the timer does once the runs are started.
  @usableFromInline
  package enum Next: Sendable {
    /// Sleep until the earliest deadline left, then report again.
    case sleep(until: Instant)
    /// Report again at once, after the runs are started: a ``SoleKeyMachine``'s timer takes
    /// one step per wake, as its machine's timer does.
    case wakeAgain
    /// Nothing needs the timer: it ends, and the engine forgets its task.
    case stop
    /// This timer was replaced (by a cancel, or by an earlier deadline) while it slept: it
    /// ends and touches nothing.
    case retire
  }

  /// The runs to start, in deadline order.
  @usableFromInline
  package let starts: [KeyRun<Key, Value>]
  @usableFromInline
  package let next: Next

  @inlinable
  package init(starts: [KeyRun<Key, Value>], next: Next) {
    self.starts = starts
    self.next = next
  }
}
