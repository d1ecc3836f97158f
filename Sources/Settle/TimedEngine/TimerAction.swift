/// What a ``TimedStateMachine`` asks of its timer task when it wakes.
@usableFromInline
package enum TimerAction<Instant, Value> {
  /// Sleep until this deadline, then report again.
  case sleep(until: Instant)
  /// Start this run, then report again.
  case startRun(StartRun<Value>)
  /// Nothing is left to time: the timer ends, and its owner forgets its task.
  case stop
  /// This timer was replaced (by `cancel()`) while it slept or ran: it ends and touches
  /// nothing, since the owner's timer task may already be a newer one.
  case retire
}
