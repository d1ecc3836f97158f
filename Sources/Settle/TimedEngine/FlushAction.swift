/// What a ``TimedStateMachine`` asks of its owner on `flush()`.
@usableFromInline
package enum FlushAction<Value> {
  /// Start this run and wait for it to return.
  case startRun(StartRun<Value>)
  /// The pending value is already dispatched with its run: wait for this ticket, the newest
  /// run in flight, to return. Runs return in ticket order, so the pending value's has too.
  case awaitRun(UInt64)
  /// Nothing is pending.
  case none
}
