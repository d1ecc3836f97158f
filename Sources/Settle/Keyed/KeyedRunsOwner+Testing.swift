extension KeyedRunsOwner {
  /// For tests: keys the owner holds state for (pending, running, or remembered: a leading
  /// burst, a throttle's window); zero once everything has run and been forgotten.
  package nonisolated var keyCount: Int { runs.state.withLock { $0.machine.keyCount } }

  /// For tests: entries in the deadline heap, live and stale.
  package nonisolated var heapCount: Int { runs.state.withLock { $0.machine.heapCount } }

  /// For tests: timer tasks started so far; one for all the keys of a busy period.
  package nonisolated var timersStarted: Int {
    runs.state.withLock { Int($0.machine.timersStarted) }
  }

  /// For tests: whether the timer task is running (asleep or awake).
  package nonisolated var hasTimer: Bool { runs.state.withLock { $0.machine.timer != .stopped } }

  /// For tests: runs dispatched and not yet finished, over all keys.
  package nonisolated var activeRunCount: Int { runs.state.withLock { $0.machine.runsInFlight } }

  /// For tests: keys with run tasks in flight.
  package nonisolated var keysWithRunTasks: Int { runs.state.withLock { $0.runTasks.keyCount } }

  /// For tests: inputs sent so far, over every key, by `send` and `sendAndWait` alike.
  package nonisolated var inputsSent: UInt64 { runs.state.withLock { $0.sent } }

  /// For tests: `sendAndWait` callers still waiting for their outcome, over every key.
  package nonisolated var sendWaiterCount: Int {
    runs.state.withLock { $0.sendWaiters.count }
  }

  /// For tests: the keys whose callers' queue is kept, which is dropped once nobody waits in
  /// it, so that it never outgrows the keys with callers.
  package nonisolated var sendWaiterKeysKept: Int {
    runs.state.withLock { $0.sendWaiters.queues.count }
  }

  /// For tests: keys whose claim mark is kept, at most the keys with a claimed run in flight;
  /// none once those runs have returned.
  package nonisolated var claimedKeysRemembered: Int {
    runs.state.withLock { $0.claimedThrough.count }
  }

  /// For tests: returns once no run is in flight and the timer, if any, sleeps toward a
  /// deadline ahead of the clock.
  package nonisolated func waitUntilQuiescent() async { await runs.waitUntilQuiescent() }
}
