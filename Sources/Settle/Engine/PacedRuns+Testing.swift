extension PacedRuns {
  /// For tests: how many timer tasks were ever started, to prove one task per burst.
  package var timersStarted: Int {
    state.withLock { Int($0.machine.timersStarted) }
  }

  /// For tests: how many timer tasks were created; a sequence operator's timer whose work was
  /// done when it started has none.
  package var timerTasksCreated: Int {
    state.withLock { Int($0.timerTasksCreated) }
  }

  /// For tests: runs dispatched and not yet finished.
  package var activeRunCount: Int {
    state.withLock { $0.machine.runsInFlight }
  }

  /// For tests: inputs sent so far, by `send` and `sendAndWait` alike.
  package var inputsSent: UInt64 {
    state.withLock { $0.sent }
  }

  /// For tests: `sendAndWait` callers still waiting for their outcome.
  package var sendWaiterCount: Int {
    state.withLock { $0.sendWaiters.count }
  }

  /// Returns once at least `count` callers wait for a run (SettleTesting's
  /// `waitForCallers(count:)`), or early when the waiting task is cancelled.
  @usableFromInline
  package func waitForCallers(count: Int) async {
    await state.wait(in: \.sendWaiters.countWaiters, for: count) { $0.sendWaiters.count >= count }
  }

  /// For tests: whether a timer task is running (asleep or awake).
  package var hasTimer: Bool {
    state.withLock { $0.machine.timerGeneration != nil }
  }

  /// For tests: returns once no run is in flight and the timer, if any, is headed for a sleep
  /// whose deadline lies ahead of the clock, so nothing more happens until the clock moves or
  /// a value arrives. Model-based tests settle on it after every step.
  package func waitUntilQuiescent() async {
    await state.wait(in: \.quiescenceWaiters, for: ()) {
      $0.machine.isQuiescent(at: self.clock.now)
    }
  }
}

extension PacedRuns where Table.Key == SoleKey {
  /// For tests: an unkeyed engine's runs dispatched so far.
  package var dispatchedRunCount: UInt64 {
    state.withLock { $0.machine.ledger(forKey: SoleKey())?.issued ?? 0 }
  }
}
