/// The decisions of a throttler, free of tasks, clocks and locks.
///
/// A *window* opens each time a run is dispatched and lasts one interval. A value arriving
/// with no window open runs at once; values arriving inside a window wait for its end, where
/// the newest (`latest`) or the first (`!latest`) of them runs and opens the next window.
@usableFromInline
package struct ThrottleStateMachine<Value: Sendable, Instant: InstantProtocol>: TimedStateMachine
where Instant.Duration == Duration {
  /// A throttled run carries its value; only `cancel()` (a newer epoch) stops it.
  @usableFromInline
  package struct Claim: Sendable {
    @usableFromInline let value: Value
    @usableFromInline let epoch: UInt64

    @inlinable
    init(value: Value, epoch: UInt64) {
      self.value = value
      self.epoch = epoch
    }
  }

  @usableFromInline
  package let interval: Duration
  @usableFromInline
  package let latest: Bool

  @usableFromInline var epoch: UInt64 = 0
  @usableFromInline var nextTicket: UInt64 = 0
  @usableFromInline var windowEnd: Instant?
  @usableFromInline var pending: Value?
  @usableFromInline var unstartedRuns = 0
  @usableFromInline var activeRuns = 0
  @usableFromInline var timerGeneration: UInt64 = 0
  @usableFromInline var timerActive = false

  /// Creates the machine.
  ///
  /// - Precondition: `interval` is not negative.
  @usableFromInline
  package init(interval: Duration, latest: Bool) {
    precondition(
      interval >= .zero,
      "Throttler interval was \(interval); pass a duration of zero or more."
    )
    self.interval = interval
    self.latest = latest
  }

  @usableFromInline
  package var isPending: Bool { pending != nil || unstartedRuns > 0 }
  @usableFromInline
  package var activeRunCount: Int { activeRuns }
  @usableFromInline
  package var dispatchedRunCount: UInt64 { nextTicket }

  @inlinable
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

  @usableFromInline
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

  @usableFromInline
  package mutating func claim(_ ticket: RunTicket<Claim>) -> Value? {
    guard ticket.claim.epoch == epoch else { return nil }
    unstartedRuns -= 1
    return ticket.claim.value
  }

  @usableFromInline
  package mutating func runFinished() {
    activeRuns -= 1
  }

  @usableFromInline
  package mutating func flush() -> FlushAction<Claim> {
    if let value = pending {
      pending = nil
      return .run(dispatch(value))
    }
    return unstartedRuns > 0 ? .awaitLatestRun : .none
  }

  @usableFromInline
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
  @inlinable
  mutating func armTimer() -> UInt64? {
    guard !timerActive else { return nil }
    timerActive = true
    timerGeneration &+= 1
    return timerGeneration
  }

  @inlinable
  mutating func dispatch(_ value: Value) -> RunTicket<Claim> {
    nextTicket &+= 1
    activeRuns += 1
    unstartedRuns += 1
    return RunTicket(id: nextTicket, claim: Claim(value: value, epoch: epoch))
  }
}
