/// What a ``KeyedDebounceStateMachine`` asks of its one timer task when it wakes: the runs of
/// every key now due, and what the timer does next.
@usableFromInline
package struct KeyedTimerStep<Key, Value, Instant> {
  /// What the timer does once the runs are started.
  @usableFromInline
  package enum Next {
    /// Sleep until the earliest deadline left, then report again.
    case sleep(until: Instant)
    /// No key needs the timer: it ends, and its owner forgets its task.
    case stop
    /// This timer was replaced (by `cancel()`) while it slept: it ends and touches nothing.
    case retire
  }

  /// The runs to start, in deadline order.
  @usableFromInline
  package let starts: [KeyedStartRun<Key, Value>]
  @usableFromInline
  package let next: Next

  @inlinable
  package init(starts: [KeyedStartRun<Key, Value>], next: Next) {
    self.starts = starts
    self.next = next
  }
}

extension KeyedTimerStep.Next: Sendable where Instant: Sendable {}
extension KeyedTimerStep: Sendable where Key: Sendable, Value: Sendable, Instant: Sendable {}
