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
///
/// ``send(_:at:)`` and what it reads are `@inlinable`/`@usableFromInline` so that a
/// `Debouncer`'s send is specialised in the client (see ``TimedRuns``).
@usableFromInline
package struct DebounceStateMachine<Value: Sendable, Instant: InstantProtocol>: TimedStateMachine
where Instant.Duration == Duration {
  /// How a dispatched run decides, at claim time, whether it may still start.
  @usableFromInline
  package enum Claim: Sendable {
    /// Runs `value` unless `cancel()` came first (leading edge, flush).
    case forced(Value, epoch: UInt64)
    /// Runs the pending value if no send or cancel happened since `sequence`.
    case trailing(sequence: UInt64)
    /// Runs whatever value is newest when it starts (the maxWait bound was reached).
    case newest(epoch: UInt64)
  }

  @usableFromInline
  enum Dispatch: Sendable {
    case none
    case trailing
    case maxWait
  }

  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline var value: Value
    @usableFromInline var sequence: UInt64
    @usableFromInline var dispatch: Dispatch

    @inlinable
    init(value: Value, sequence: UInt64, dispatch: Dispatch) {
      self.value = value
      self.sequence = sequence
      self.dispatch = dispatch
    }
  }

  @usableFromInline
  package let interval: Duration
  @usableFromInline
  package let leading: Bool
  @usableFromInline
  package let trailing: Bool
  @usableFromInline
  package let maxWait: Duration?

  @usableFromInline var epoch: UInt64 = 0
  @usableFromInline var sequence: UInt64 = 0
  @usableFromInline var nextTicket: UInt64 = 0
  @usableFromInline var pending: Pending?
  @usableFromInline var unstartedForcedRuns = 0
  @usableFromInline var activeRuns = 0
  @usableFromInline var timerGeneration: UInt64 = 0
  @usableFromInline var timerActive = false
  // Instants last, and none inside `Pending`: `Instant` is resilient (ContinuousClock's has no
  // fixed layout outside the standard library), so every field after one, and every copy of a
  // struct holding one, goes through runtime metadata. Kept here, the fields a send in a burst
  // touches keep fixed offsets once specialised.
  //
  // No quiet deadline is stored: a pending value is always the last one sent, so its quiet
  // period ends one interval after `lastSend`; the timer computes it when it wakes.
  @usableFromInline var lastSend: Instant?
  /// When the pending value must run at the latest; meaningful only while `pending` is set.
  @usableFromInline var maxDeadline: Instant?

  /// Creates the machine; `maxWait` is raised to at least `interval`.
  @usableFromInline
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
  @usableFromInline
  package var isPending: Bool {
    pending != nil || unstartedForcedRuns > 0
  }

  /// Runs dispatched and not yet finished (waiting for a predecessor, claiming, or running).
  @usableFromInline
  package var activeRunCount: Int { activeRuns }

  /// Runs dispatched so far.
  @usableFromInline
  package var dispatchedRunCount: UInt64 { nextTicket }

  /// A new value arrives at `now`.
  @inlinable
  package mutating func send(_ value: Value, at now: Instant) -> SendAction<Claim> {
    // The common case inside a trailing burst: the running timer will find the new value and
    // the later quiet deadline when it wakes, so only the value, its sequence and the send
    // time change. Kept apart from the rest so that, specialised, it sets up no space for
    // the instants the other cases compute.
    if !leading, trailing, timerActive, pending?.dispatch == .some(.none) {
      sequence &+= 1
      lastSend = now
      pending!.value = value
      pending!.sequence = sequence
      return SendAction(startTimer: nil, run: nil)
    }
    return sendOutsideBurst(value, at: now)
  }

  /// `send` for every case but the trailing fast path: the leading edge, the first value of
  /// a burst, a value arriving while a run is dispatched.
  @inlinable @inline(never)
  mutating func sendOutsideBurst(_ value: Value, at now: Instant) -> SendAction<Claim> {
    sequence &+= 1
    // Only the leading edge asks whether this send opens a burst; skip the instant arithmetic
    // otherwise.
    let opensBurst = leading && (lastSend.map { now >= $0.advanced(by: interval) } ?? true)
    lastSend = now
    if opensBurst {
      // A trailing value of the previous burst that has not started yet is superseded.
      pending = nil
      return SendAction(startTimer: nil, run: dispatch(.forced(value, epoch: epoch)))
    }
    guard trailing else { return SendAction(startTimer: nil, run: nil) }
    // The common case inside a burst: the running timer will find the new value and the later
    // quiet deadline when it wakes, so only the value and its sequence change.
    if timerActive, pending?.dispatch == .some(.none) {
      pending!.value = value
      pending!.sequence = sequence
      return SendAction(startTimer: nil, run: nil)
    }
    // maxWait counts from the first value not yet run, so a superseded value keeps the bound.
    if pending == nil { maxDeadline = maxWait.map { now.advanced(by: $0) } }
    // A dispatched maxWait run takes the newest value when it starts: no timer is needed.
    let maxWaitInFlight = pending?.dispatch == .maxWait
    pending = Pending(
      value: value,
      sequence: sequence,
      dispatch: maxWaitInFlight ? .maxWait : .none
    )
    guard !maxWaitInFlight, !timerActive else { return SendAction(startTimer: nil, run: nil) }
    timerActive = true
    timerGeneration &+= 1
    return SendAction(startTimer: timerGeneration, run: nil)
  }

  /// The timer of `generation` is awake at `now`.
  @usableFromInline
  package mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerAction<
    Instant, Claim
  > {
    guard timerActive, generation == timerGeneration else { return .stop }
    guard var current = pending, current.dispatch == .none else {
      timerActive = false
      return .stop
    }
    guard let lastSend else {
      preconditionFailure("Settle's debounce state lost the send time of its pending value")
    }
    let quietDeadline = lastSend.advanced(by: interval)
    if let maxDeadline, now >= maxDeadline {
      current.dispatch = .maxWait
      pending = current
      return .run(dispatch(.newest(epoch: epoch)))
    }
    if now >= quietDeadline {
      current.dispatch = .trailing
      pending = current
      return .run(dispatch(.trailing(sequence: current.sequence)))
    }
    let wake = maxDeadline.map { min($0, quietDeadline) } ?? quietDeadline
    return .sleep(until: wake)
  }

  /// A dispatched run is about to start; returns its value, or `nil` when it must not start.
  @usableFromInline
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
  @usableFromInline
  package mutating func runFinished() {
    activeRuns -= 1
  }

  /// Runs the pending value now, ahead of its deadline.
  @usableFromInline
  package mutating func flush() -> FlushAction<Claim> {
    if let current = pending {
      pending = nil
      return .run(dispatch(.forced(current.value, epoch: epoch)))
    }
    return unstartedForcedRuns > 0 ? .awaitLatestRun : .none
  }

  /// Drops everything pending and ends the burst; returns whether a timer was running.
  @usableFromInline
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

  @usableFromInline
  mutating func dispatch(_ claim: Claim) -> RunTicket<Claim> {
    nextTicket &+= 1
    activeRuns += 1
    if case .forced = claim { unstartedForcedRuns += 1 }
    return RunTicket(id: nextTicket, claim: claim)
  }
}
