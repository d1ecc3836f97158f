/// What a ``TimedStateMachine`` asks of its owner on `flush()`.
@usableFromInline
package enum FlushAction<Value> {
  /// Start this run and wait for it to return.
  case startRun(StartRun<Value>)
  /// The pending value is already dispatched: wait for the run of this ticket to return.
  case awaitRun(UInt64)
  /// Nothing is pending.
  case none
}
