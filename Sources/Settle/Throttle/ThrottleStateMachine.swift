/// The decisions of a throttler, free of tasks, clocks and locks.
///
/// A *window* opens each time a run is dispatched and lasts one interval. A value arriving
/// with no window open runs at once; values arriving inside a window wait for its end, where
/// the newest (`latest`) or the first (`!latest`) of them runs and opens the next window.
package struct ThrottleStateMachine<Value: Sendable, Instant: InstantProtocol>: TimedStateMachine
where Instant.Duration == Duration {
  /// A throttled run carries its value; only `cancel()` (a newer epoch) stops it.
  package struct Claim: Sendable {
    let value: Value
    let epoch: UInt64
  }

  package let interval: Duration
  package let latest: Bool

  private var epoch: UInt64 = 0
  private var nextTicket: UInt64 = 0
  private var windowEnd: Instant?
  private var pending: Value?
  private var unstartedRuns = 0
  private var activeRuns = 0
  private var timerGeneration: UInt64 = 0
  private var timerActive = false

  /// Creates the machine.
  ///
  /// - Precondition: `interval` is not negative.
  package init(interval: Duration, latest: Bool) {
    precondition(
      interval >= .zero,
      "Throttler interval was \(interval); pass a duration of zero or more."
    )
    self.interval = interval
    self.latest = latest
  }

  package var isPending: Bool { pending != nil || unstartedRuns > 0 }
  package var isIdle: Bool { !isPending && activeRuns == 0 }
  package var activeRunCount: Int { activeRuns }
  package var dispatchedRunCount: UInt64 { nextTicket }

  package mutating func send(_ value: Value, at now: Instant) -> SendAction<Claim> {
    if let end = windowEnd, now < end {
      if latest || pending == nil { pending = value }
      return SendAction(startTimer: armTimer())
    }
    // No window is open. A value still waiting for the previous window's end (its timer has
    // not caught up yet) is due now: the newest one runs, or the first one in `!latest` mode,
    // where the new value then waits for the next window.
    var runValue = value
    if let waiting = pending {
      pending = latest ? nil : value
      runValue = latest ? value : waiting
    }
    windowEnd = now.advanced(by: interval)
    return SendAction(startTimer: pending == nil ? nil : armTimer(), run: dispatch(runValue))
  }

  package mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerAction<
    Instant, Claim
  > {
    guard timerActive, generation == timerGeneration else { return .stop }
    guard let end = windowEnd, let value = pending else {
      timerActive = false
      return .stop
    }
    if now < end { return .sleep(until: end) }
    pending = nil
    // Measured from the actual run, so that runs are never closer than one interval.
    windowEnd = now.advanced(by: interval)
    return .run(dispatch(value))
  }

  package mutating func claim(_ ticket: RunTicket<Claim>) -> Value? {
    guard ticket.claim.epoch == epoch else { return nil }
    unstartedRuns -= 1
    return ticket.claim.value
  }

  package mutating func runFinished() {
    activeRuns -= 1
  }

  package mutating func flush() -> FlushAction<Claim> {
    if let value = pending {
      pending = nil
      return .run(dispatch(value))
    }
    return unstartedRuns > 0 ? .awaitLatestRun : .none
  }

  package mutating func cancel() -> Bool {
    epoch &+= 1
    pending = nil
    unstartedRuns = 0
    windowEnd = nil
    let hadTimer = timerActive
    timerActive = false
    timerGeneration &+= 1
    return hadTimer
  }

  /// Returns a generation for a new timer, or `nil` when one is already running.
  private mutating func armTimer() -> UInt64? {
    guard !timerActive else { return nil }
    timerActive = true
    timerGeneration &+= 1
    return timerGeneration
  }

  private mutating func dispatch(_ value: Value) -> RunTicket<Claim> {
    nextTicket &+= 1
    activeRuns += 1
    unstartedRuns += 1
    return RunTicket(id: nextTicket, claim: Claim(value: value, epoch: epoch))
  }
}
