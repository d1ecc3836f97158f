/// The decisions of a debouncer, free of tasks, clocks and locks.
///
/// Each event is a `mutating func` that returns what the owner must do; the owner applies it
/// outside its lock. Keeping the rules here lets tests drive every interleaving directly.
///
/// Vocabulary:
/// - A *run* is one execution of the action. It is *dispatched* (a ticket is issued), then
///   *claimed* on the action's isolation right before it starts; a claim can fail when the
///   value was superseded meanwhile, and then nothing runs.
/// - `epoch` counts `cancel()` calls: a ticket from an older epoch never starts.
/// - `sequence` counts sends and cancels: a trailing ticket is current only while no later
///   send or cancel has happened.
package struct DebounceStateMachine<Value: Sendable, Instant: InstantProtocol>: TimedStateMachine
where Instant.Duration == Duration {
  /// How a dispatched run decides, at claim time, whether it may still start.
  package enum Claim: Sendable {
    /// Runs `value` unless `cancel()` came first (leading edge, flush).
    case forced(Value, epoch: UInt64)
    /// Runs the pending value if no send or cancel happened since `sequence`.
    case trailing(sequence: UInt64)
    /// Runs whatever value is newest when it starts (the maxWait bound was reached).
    case newest(epoch: UInt64)
  }

  private enum Dispatch {
    case none
    case trailing
    case maxWait
  }

  private struct Pending {
    var value: Value
    var sequence: UInt64
    var quietDeadline: Instant
    var maxDeadline: Instant?
    var dispatch: Dispatch
  }

  package let interval: Duration
  package let leading: Bool
  package let trailing: Bool
  package let maxWait: Duration?

  private var epoch: UInt64 = 0
  private var sequence: UInt64 = 0
  private var nextTicket: UInt64 = 0
  private var lastSend: Instant?
  private var pending: Pending?
  private var unstartedForcedRuns = 0
  private var activeRuns = 0
  private var timerGeneration: UInt64 = 0
  private var timerActive = false

  /// Creates the machine; `maxWait` is raised to at least `interval`.
  package init(interval: Duration, options: DebounceOptions) {
    precondition(
      interval >= .zero,
      "Debouncer interval was \(interval); pass a duration of zero or more."
    )
    precondition(
      options.leading || options.trailing,
      "DebounceOptions needs leading or trailing (or both) to be true; with neither, nothing would ever run."
    )
    if let maxWait = options.maxWait {
      precondition(
        maxWait >= .zero,
        "DebounceOptions.maxWait was \(maxWait); pass nil for no bound, or a duration of zero or more."
      )
    }
    self.interval = interval
    self.leading = options.leading
    self.trailing = options.trailing
    self.maxWait = options.maxWait.map { max($0, interval) }
  }

  /// A value is waiting to run: not yet due, or due and not yet started.
  package var isPending: Bool {
    pending != nil || unstartedForcedRuns > 0
  }

  /// Nothing is pending and no run is in flight.
  package var isIdle: Bool {
    !isPending && activeRuns == 0
  }

  /// Runs dispatched and not yet finished (waiting for a predecessor, claiming, or running).
  package var activeRunCount: Int { activeRuns }

  /// Runs dispatched so far.
  package var dispatchedRunCount: UInt64 { nextTicket }

  /// A new value arrives at `now`.
  package mutating func send(_ value: Value, at now: Instant) -> SendAction<Claim> {
    sequence &+= 1
    let opensBurst = lastSend.map { now >= $0.advanced(by: interval) } ?? true
    lastSend = now
    if leading && opensBurst {
      // A trailing value of the previous burst that has not started yet is superseded.
      pending = nil
      return SendAction(startTimer: nil, run: dispatch(.forced(value, epoch: epoch)))
    }
    guard trailing else { return SendAction(startTimer: nil, run: nil) }
    // maxWait counts from the first value not yet run, so a superseded value keeps the bound.
    let maxDeadline = pending?.maxDeadline ?? maxWait.map { now.advanced(by: $0) }
    // A dispatched maxWait run takes the newest value when it starts: no timer is needed.
    let maxWaitInFlight = pending?.dispatch == .maxWait
    pending = Pending(
      value: value,
      sequence: sequence,
      quietDeadline: now.advanced(by: interval),
      maxDeadline: maxDeadline,
      dispatch: maxWaitInFlight ? .maxWait : .none
    )
    guard !maxWaitInFlight, !timerActive else { return SendAction(startTimer: nil, run: nil) }
    timerActive = true
    timerGeneration &+= 1
    return SendAction(startTimer: timerGeneration, run: nil)
  }

  /// The timer of `generation` is awake at `now`.
  package mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerAction<
    Instant, Claim
  > {
    guard timerActive, generation == timerGeneration else { return .stop }
    guard var current = pending, current.dispatch == .none else {
      timerActive = false
      return .stop
    }
    if let maxDeadline = current.maxDeadline, now >= maxDeadline {
      current.dispatch = .maxWait
      pending = current
      return .run(dispatch(.newest(epoch: epoch)))
    }
    if now >= current.quietDeadline {
      current.dispatch = .trailing
      pending = current
      return .run(dispatch(.trailing(sequence: current.sequence)))
    }
    let wake = current.maxDeadline.map { min($0, current.quietDeadline) } ?? current.quietDeadline
    return .sleep(until: wake)
  }

  /// A dispatched run is about to start; returns its value, or `nil` when it must not start.
  package mutating func claim(_ ticket: RunTicket<Claim>) -> Value? {
    switch ticket.claim {
    case .forced(let value, let ticketEpoch):
      guard ticketEpoch == epoch else { return nil }
      unstartedForcedRuns -= 1
      return value
    case .trailing(let ticketSequence):
      guard let current = pending, current.sequence == ticketSequence, current.dispatch == .trailing
      else { return nil }
      pending = nil
      return current.value
    case .newest(let ticketEpoch):
      guard ticketEpoch == epoch, let current = pending, current.dispatch == .maxWait else {
        return nil
      }
      pending = nil
      return current.value
    }
  }

  /// A dispatched run returned, whether or not it started.
  package mutating func runFinished() {
    activeRuns -= 1
  }

  /// Runs the pending value now, ahead of its deadline.
  package mutating func flush() -> FlushAction<Claim> {
    if let current = pending {
      pending = nil
      return .run(dispatch(.forced(current.value, epoch: epoch)))
    }
    return unstartedForcedRuns > 0 ? .awaitLatestRun : .none
  }

  /// Drops everything pending and ends the burst; returns whether a timer was running.
  package mutating func cancel() -> Bool {
    epoch &+= 1
    sequence &+= 1
    pending = nil
    unstartedForcedRuns = 0
    lastSend = nil
    let hadTimer = timerActive
    timerActive = false
    timerGeneration &+= 1
    return hadTimer
  }

  private mutating func dispatch(_ claim: Claim) -> RunTicket<Claim> {
    nextTicket &+= 1
    activeRuns += 1
    if case .forced = claim { unstartedForcedRuns += 1 }
    return RunTicket(id: nextTicket, claim: claim)
  }
}
