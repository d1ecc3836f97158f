/// What a ``TimedStateMachine`` asks of its owner when a value arrives.
@usableFromInline
package enum SendAction<Value> {
  /// The value is recorded: the running timer or a dispatched run will find it.
  case none
  /// Start a timer task of this generation.
  case startTimer(generation: UInt64)
  /// Start this run at once.
  case startRun(StartRun<Value>)
  /// Start this run at once, and a timer task of this generation for the value left waiting.
  case startRunAndTimer(StartRun<Value>, generation: UInt64)
}
