extension TimedRuns {
  /// For tests: how many timer tasks were ever started, to prove one task per burst.
  package var timersStarted: Int {
    state.withLock { $0.timersStarted }
  }

  /// For tests: runs dispatched and not yet finished.
  package var activeRunCount: Int {
    state.withLock { $0.machine.activeRunCount }
  }

  /// For tests: runs dispatched so far.
  package var dispatchedRunCount: UInt64 {
    state.withLock { $0.machine.dispatchedRunCount }
  }

  /// For tests: whether a timer task is running (asleep or awake).
  package var hasTimer: Bool {
    state.withLock { $0.timer != nil }
  }

  /// For tests: returns once no run is in flight and the timer, if any, is headed for a sleep
  /// whose deadline lies ahead of the clock, so nothing more happens until the clock moves or
  /// a value arrives. Model-based tests settle on it after every step.
  package func waitUntilQuiescent() async {
    await state.wait(in: \.quiescenceWaiters, for: ()) { self.isQuiescent($0) }
  }
}
