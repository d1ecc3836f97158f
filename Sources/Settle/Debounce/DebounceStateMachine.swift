/// The decisions of a debouncer, free of tasks, clocks and locks (see ``TimedStateMachine``).
///
/// The value a run receives is the ``RunFold`` of the inputs sent since the previous
/// run: the newest one for a `Debouncer` (``LatestValue``), an accumulation for a
/// `FoldingDebouncer`. Wherever this machine keeps a value that has not run, a new input joins
/// it; a run's value is never split or lost to a newer input.
///
/// ``sendWhileOpen(_:at:)`` and what it reads are `@inlinable`/`@usableFromInline` so that a
/// `Debouncer`'s send is specialised in the client (see ``TimedRuns``).
@usableFromInline
package struct DebounceStateMachine<Fold: RunFold, Instant: InstantProtocol>:
  TimedStateMachine
where Instant.Duration == Duration {
  @usableFromInline
  package typealias Input = Fold.Input
  @usableFromInline
  package typealias Value = Fold.Output

  /// Where the value not yet run stands. A value dispatched *with* its run (leading edge,
  /// flush) is no longer here: its ticket carries it (see ``RunLedger``).
  @usableFromInline
  enum Phase: Sendable {
    /// No value waits.
    case idle
    /// The pending value waits for its quiet period to end; the timer is running.
    case waiting(Value)
    /// The quiet period ended and `ticket` was dispatched to run `value`. A `send` before its
    /// claim supersedes it: the new value waits again.
    case dueTrailing(Value, ticket: UInt64)
    /// maxWait was reached and `ticket` was dispatched; it runs the newest value at its claim,
    /// so sends before that only replace `value`.
    case dueNewest(Value, ticket: UInt64)
  }

  @usableFromInline
  package let fold: Fold
  @usableFromInline
  package let interval: Duration
  @usableFromInline
  package let maxWait: Duration?
  // The flags after maxWait's one-byte tag, where they cost no padding.
  @usableFromInline
  package let leading: Bool
  @usableFromInline
  package let trailing: Bool

  @usableFromInline
  var phase = Phase.idle
  @usableFromInline
  package var ledger = RunLedger()
  // Instants last: `Instant` is resilient (ContinuousClock's has no fixed layout outside the
  // standard library), so every field after one goes through runtime metadata. Kept here,
  // the fields a send in a burst touches keep fixed offsets once specialised; for the same
  // reason no `Phase` case holds one.
  //
  // No quiet deadline is stored: a waiting value is always the last one sent, so its quiet
  // period ends one interval after `lastSend`; the timer computes it when it wakes.
  /// When the newest value arrived; `nil` before the first send and after `cancel()`.
  @usableFromInline
  var lastSend: Instant?
  /// When the value not yet run must run at the latest; meaningful only outside `.idle`.
  @usableFromInline
  var maxDeadline: Instant?
  @usableFromInline
  package var timerDeadline: Instant?

  /// Creates the machine; `maxWait` is raised to at least `interval`.
  @usableFromInline
  package init(interval: Duration, options: DebounceOptions, fold: Fold) {
    precondition(
      interval >= .zero,
      "Debouncer interval was \(interval); pass a duration of zero or more."
    )
    // Checked again: the fields are `var`, so options may have changed since their init.
    options.checkValid()
    self.fold = fold
    self.interval = interval
    self.leading = options.leading
    self.trailing = options.trailing
    self.maxWait = options.maxWait.map { max($0, interval) }
  }

  /// A debounce has no spacing to keep: the quiet period exists only to learn that input
  /// stopped, and an ended base says so at once (as swift-async-algorithms and RxJS do).
  @inlinable
  package static var runsPendingValueWhenInputEnds: Bool { true }

  @inlinable
  package static var foldsInputs: Bool { !Fold.replaces }

  @usableFromInline
  package var heldValue: Value? {
    switch phase {
    case .idle: nil
    case .waiting(let value), .dueTrailing(let value, _), .dueNewest(let value, _): value
    }
  }

  @usableFromInline
  package var hasHeldValue: Bool {
    if case .idle = phase { return false }
    return true
  }

  /// With a leading edge, the end of the burst: a send before it is no new leading edge.
  /// Without one, only a pending value (whose own deadlines the timer keeps) remembers.
  @usableFromInline
  package var remembersUntil: Instant? {
    leading ? lastSend.map { $0.advanced(by: interval) } : nil
  }

  /// A new value arrives at `now`.
  @inlinable
  package mutating func sendWhileOpen(_ input: Input, at now: Instant) -> SendAction<Value> {
    // The common case inside a trailing burst: the running timer finds the new value and the
    // later quiet deadline when it wakes, so only the value and the send time change. Kept
    // apart so that, specialised, it sets up no space for the instants the others compute.
    if !leading, case .waiting = phase {
      // The phase is known to be waiting: a plain debounce just stores the new value.
      if Fold.replaces {
        phase = .waiting(fold.start(with: input))
      } else {
        phase.add(input, with: fold)
      }
      lastSend = now
      return .none
    }
    return sendOutsideBurst(input, at: now)
  }

  /// `send` for every case but the trailing fast path: the leading edge, the first value of
  /// a burst, a value arriving while a run is dispatched.
  @inlinable @inline(never)
  mutating func sendOutsideBurst(_ input: Input, at now: Instant) -> SendAction<Value> {
    // Only the leading edge asks whether this send opens a burst; skip the instant arithmetic
    // otherwise.
    let opensBurst = leading && (lastSend.map { now >= $0.advanced(by: interval) } ?? true)
    lastSend = now
    if opensBurst {
      // A trailing value of the previous burst that has not started yet is superseded: it
      // joins this run (for a plain debounce, the new value simply replaces it).
      let value = phase.taking(input, with: fold)
      return .startRun(ledger.dispatch(carrying: value))
    }
    guard trailing else { return .none }
    // Decided before mutating: a `switch` on `phase` would keep a copy of it alive while the
    // fold runs, and the fold would copy the accumulation.
    if case .idle = phase {
      // maxWait counts from the first value not yet run, so a superseded one keeps the bound.
      maxDeadline = maxWait.map { now.advanced(by: $0) }
      phase = .waiting(fold.start(with: input))
    } else if case .dueNewest = phase {
      // The dispatched maxWait run takes the pending value when it claims: no timer needed.
      phase.add(input, with: fold)
      return .none
    } else {
      // Waiting, or a trailing run dispatched and not yet claimed, which is superseded: the
      // value waits again, with this input joined to it.
      let value = phase.taking(input, with: fold)
      phase = .waiting(value)
    }
    guard let generation = ledger.startTimerIfStopped() else { return .none }
    return .startTimer(generation: generation)
  }

  @inlinable
  package mutating func timerDue(at now: Instant) -> TimerAction<Instant, Value> {
    guard case .waiting(let value) = phase else { return .stop }
    guard let lastSend else {
      preconditionFailure(
        "Internal inconsistency in Settle: a debounced value waits with no send time")
    }
    if let maxDeadline, now >= maxDeadline {
      let run = ledger.dispatch(carrying: Value?.none)
      phase = .dueNewest(value, ticket: run.ticket.id)
      return .startRun(run)
    }
    let quietDeadline = lastSend.advanced(by: interval)
    if now >= quietDeadline {
      let run = ledger.dispatch(carrying: Value?.none)
      phase = .dueTrailing(value, ticket: run.ticket.id)
      return .startRun(run)
    }
    return .sleep(until: maxDeadline.map { min($0, quietDeadline) } ?? quietDeadline)
  }

  @usableFromInline
  package mutating func claimHeldValue(for ticket: UInt64) -> Value? {
    switch phase {
    case .dueTrailing(let value, let due) where due == ticket,
      .dueNewest(let value, let due) where due == ticket:
      phase = .idle
      return value
    case .idle, .waiting, .dueTrailing, .dueNewest:
      return nil
    }
  }

  @usableFromInline
  package mutating func takePendingValue() -> Value? {
    switch phase {
    case .idle:
      return nil
    case .waiting(let value), .dueTrailing(let value, _), .dueNewest(let value, _):
      phase = .idle
      return value
    }
  }

  @usableFromInline
  package mutating func dropPending() {
    phase = .idle
    // The next send opens a new burst, and so a new leading edge.
    lastSend = nil
  }
}

extension DebounceStateMachine {
  /// Creates the machine of a plain debounce, whose runs receive the newest value.
  @inlinable
  package init<V>(interval: Duration, options: DebounceOptions) where Fold == LatestValue<V> {
    self.init(interval: interval, options: options, fold: LatestValue())
  }

  /// Creates the machine of a plain debounce inside an engine, which numbers its inputs.
  @inlinable
  package init<V>(interval: Duration, options: DebounceOptions)
  where Fold == NumberedFold<LatestValue<V>> {
    self.init(interval: interval, options: options, fold: NumberedFold(LatestValue()))
  }
}

/// The machine of a `Debouncer` and of `debounced`: the newest value, numbered by the engine.
@usableFromInline
package typealias LatestDebounceMachine<Value: Sendable, Instant: InstantProtocol> =
  DebounceStateMachine<NumberedFold<LatestValue<Value>>, Instant>
where Instant.Duration == Duration

extension DebounceStateMachine.Phase {
  /// Joins `input` to the value held, in place; the phase must hold one.
  @inlinable
  mutating func add(_ input: Fold.Input, with fold: Fold) {
    if Fold.replaces {
      // Nothing to keep of the old value: store the new one (a plain debounce's whole send).
      let value = fold.start(with: input)
      switch self {
      case .idle:
        preconditionFailure("Internal inconsistency in Settle: an input joined no pending value")
      case .waiting: self = .waiting(value)
      case .dueTrailing(_, let ticket): self = .dueTrailing(value, ticket: ticket)
      case .dueNewest(_, let ticket): self = .dueNewest(value, ticket: ticket)
      }
      return
    }
    // Out of the enum first, so that the fold mutates the only reference: in place.
    switch self {
    case .idle:
      preconditionFailure("Internal inconsistency in Settle: an input joined no pending value")
    case .waiting(var value):
      self = .idle
      fold.add(input, to: &value)
      self = .waiting(value)
    case .dueTrailing(var value, let ticket):
      self = .idle
      fold.add(input, to: &value)
      self = .dueTrailing(value, ticket: ticket)
    case .dueNewest(var value, let ticket):
      self = .idle
      fold.add(input, to: &value)
      self = .dueNewest(value, ticket: ticket)
    }
  }

  /// The value held with `input` joined (or made from `input` alone when none is held); the
  /// phase becomes `.idle`.
  @inlinable
  mutating func taking(_ input: Fold.Input, with fold: Fold) -> Fold.Output {
    switch self {
    case .idle:
      return fold.start(with: input)
    case .waiting, .dueTrailing, .dueNewest:
      guard !Fold.replaces else {
        self = .idle
        return fold.start(with: input)
      }
      switch self {
      case .waiting(var value), .dueTrailing(var value, _), .dueNewest(var value, _):
        self = .idle
        fold.add(input, to: &value)
        return value
      case .idle:
        preconditionFailure("Internal inconsistency in Settle: a pending value vanished")
      }
    }
  }
}
