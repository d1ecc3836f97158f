// Helpers over the package action types, for the machine tests.
import Settle

// Reading one part of an action, so that machine tests state what they expect in one line.

extension SendAction {
  /// The generation of the timer this send starts, if it starts one.
  var startedTimer: UInt64? {
    switch self {
    case .startTimer(let generation), .startRunAndTimer(_, let generation): generation
    case .none, .startRun: nil
    }
  }

  /// The run this send starts, if it starts one.
  var startedRun: StartRun<Value>? {
    switch self {
    case .startRun(let run), .startRunAndTimer(let run, _): run
    case .none, .startTimer: nil
    }
  }
}

extension TimerAction {
  /// The run the timer starts, if it starts one.
  var startedRun: StartRun<Value>? {
    if case .startRun(let run) = self { return run }
    return nil
  }
}

extension FlushAction {
  /// The run the flush starts, if it starts one.
  var startedRun: StartRun<Value>? {
    if case .startRun(let run) = self { return run }
    return nil
  }
}
