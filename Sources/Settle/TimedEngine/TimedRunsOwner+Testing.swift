extension TimedRunsOwner {
  /// For tests: returns once no run is in flight and the timer sleeps toward a future deadline.
  package nonisolated func waitUntilQuiescent() async { await runs.waitUntilQuiescent() }

  /// For tests: whether a timer task is running.
  package nonisolated var hasTimer: Bool { runs.hasTimer }

  /// For tests: timer tasks started so far; one per burst.
  package nonisolated var timersStarted: Int { runs.timersStarted }

  /// For tests: runs dispatched and not yet finished.
  package nonisolated var activeRunCount: Int { runs.activeRunCount }

  /// For tests: runs dispatched so far.
  package nonisolated var dispatchedRunCount: UInt64 { runs.dispatchedRunCount }

  /// For tests: inputs sent so far, by `send` and `sendAndWait` alike.
  package nonisolated var inputsSent: UInt64 { runs.inputsSent }

  /// For tests: `sendAndWait` callers still waiting for their outcome.
  package nonisolated var sendWaiterCount: Int { runs.sendWaiterCount }

  /// For tests: the engine, which outlives a released owner while a pending value runs.
  package nonisolated var engine: TimedRuns<Machine, TimedClock, Success, ActionFailure> { runs }
}
