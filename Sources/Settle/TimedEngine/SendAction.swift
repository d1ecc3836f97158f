/// What a ``TimedStateMachine`` asks of its owner when a value arrives.
@usableFromInline
package enum SendAction<Value> {
  /// Nothing to start: the value waits for the running timer or a dispatched run to find it,
  /// or is dropped (inside a leading-only debounce burst, or after shutdown).
  case none
  /// Start a timer task of this generation.
  case startTimer(generation: UInt64)
  /// Start this run at once.
  case startRun(StartRun<Value>)
  /// Start this run at once, and a timer task of this generation for the value left waiting.
  case startRunAndTimer(StartRun<Value>, generation: UInt64)
}

extension SendAction {
  /// The run this action starts, if any.
  @inlinable
  package var run: StartRun<Value>? {
    switch self {
    case .none, .startTimer: nil
    case .startRun(let run), .startRunAndTimer(let run, _): run
    }
  }
}
