/// The decisions of a throttler, free of tasks, clocks and locks (see ``TimedStateMachine``).
///
/// A *window* opens each time a run is dispatched and lasts one interval. A value arriving
/// with no window open runs at once; values arriving inside a window wait for its end, where
/// the newest or the first of them runs and opens the next window, or, in a cooldown, are
/// dropped (see ``ThrottleMode``). In ``ThrottleMode/newestAtWindowEndOnly`` the roles turn
/// round: the value arriving with no window open opens the window and waits in it, and the
/// run at its end opens none.
/// Every throttled run carries its value, so only `cancel()` stops one from starting.
@usableFromInline
package struct ThrottleStateMachine<Fold: RunFold, Instant: InstantProtocol>:
  TimedStateMachine
where Instant.Duration == Duration {
  @usableFromInline
  package typealias Input = Fold.Input
  @usableFromInline
  package typealias Value = Fold.Output

  /// Whether a value waits for the window to end.
  @usableFromInline
  enum Phase: Sendable {
    /// No value waits.
    case clear
    /// `value` runs when the window ends; the timer is running.
    case holding(Value)
  }

  @usableFromInline
  package let fold: Fold
  @usableFromInline
  package let interval: Duration
  @usableFromInline
  package let mode: ThrottleMode

  @usableFromInline
  var phase = Phase.clear
  @usableFromInline
  package var ledger = RunLedger()
  // Instants last; see `DebounceStateMachine` for why.
  /// When the window the last run opened ends; `nil` before the first run and after `cancel()`.
  /// In ``ThrottleMode/newestAtWindowEndOnly``, when the window the held value waits in ends;
  /// `nil` exactly while no value waits, because no run opens a window there.
  @usableFromInline
  var windowEnd: Instant?
  @usableFromInline
  package var timerDeadline: Instant?

  /// Creates the machine.
  ///
  /// - Precondition: `interval` is not negative.
  @usableFromInline
  package init(interval: Duration, mode: ThrottleMode, fold: Fold) {
    precondition(
      interval >= .zero,
      "Throttler interval was \(interval); pass a duration of zero or more."
    )
    self.fold = fold
    self.interval = interval
    self.mode = mode
  }

  /// `latest: true` is ``ThrottleMode/newestAtWindowEnd``, `false`
  /// ``ThrottleMode/firstAtWindowEnd``.
  @usableFromInline
  package init<V>(interval: Duration, latest: Bool) where Fold == LatestValue<V> {
    self.init(
      interval: interval, mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd,
      fold: LatestValue())
  }

  /// The machine of a plain throttle, whose runs receive the newest (or first) value.
  @usableFromInline
  package init<V>(interval: Duration, mode: ThrottleMode) where Fold == LatestValue<V> {
    self.init(interval: interval, mode: mode, fold: LatestValue())
  }

  /// The machine of a plain throttle inside an engine, which numbers its inputs.
  @usableFromInline
  package init<V>(interval: Duration, mode: ThrottleMode)
  where Fold == NumberedFold<LatestValue<V>> {
    self.init(interval: interval, mode: mode, fold: NumberedFold(LatestValue()))
  }

  /// A throttle promises spacing: the value waiting when the base ends still waits for its
  /// window's end, as in swift-async-algorithms, RxJS and Combine.
  @inlinable
  package static var runsPendingValueWhenInputEnds: Bool { false }

  @inlinable
  package static var foldsInputs: Bool { !Fold.replaces }

  @usableFromInline
  package var heldValue: Value? {
    if case .holding(let value) = phase { return value }
    return nil
  }

  @usableFromInline
  package var hasHeldValue: Bool {
    if case .holding = phase { return true }
    return false
  }

  /// The end of the window: a send before it waits, or is dropped in a cooldown.
  @usableFromInline
  package var remembersUntil: Instant? { windowEnd }

  @inlinable
  package mutating func sendWhileOpen(_ input: Input, at now: Instant) -> SendAction<Value> {
    if let end = windowEnd, now < end {
      // A cooldown holds nothing: the value is dropped, and no timer is needed.
      if mode == .cooldown { return .none }
      // Decided before mutating: a `switch` on `phase` would keep a copy of it alive while
      // the fold runs, and the fold would copy the accumulation.
      if !hasHeldValue {
        phase = .holding(fold.start(with: input))
      } else if mode != .firstAtWindowEnd {
        // The newest joins (replaces, for a plain throttle) the held value; in
        // first-at-window-end mode the held one stays and the new one is dropped.
        phase.add(input, with: fold)
      }
      guard let generation = ledger.startTimerIfStopped() else { return .none }
      return .startTimer(generation: generation)
    }
    if mode == .newestAtWindowEndOnly { return openWindowHolding(input, at: now) }
    // No window is open. A value still waiting for the previous window's end (its timer has
    // not caught up yet) is due now: the newest one runs, or in `.firstAtWindowEnd` the first
    // one, and the new value then waits for the next window.
    let runValue: Value
    switch phase {
    case .holding(let waiting) where mode == .firstAtWindowEnd:
      runValue = waiting
      phase = .holding(fold.start(with: input))
    case .clear, .holding:
      runValue = phase.taking(input, with: fold)
    }
    windowEnd = now.advanced(by: interval)
    let run = ledger.dispatch(carrying: runValue)
    guard hasHeldValue, let generation = ledger.startTimerIfStopped() else {
      return .startRun(run)
    }
    return .startRunAndTimer(run, generation: generation)
  }

  /// `.newestAtWindowEndOnly`'s send with no window open: `input` opens a window of one
  /// interval and waits for its end, as RxJS's `auditTime` does, instead of running at once.
  /// A value still held from the window that just ended (its timer has not caught up yet) is
  /// due now and runs first; it opens no window, so `input` opens a fresh one.
  @inlinable
  mutating func openWindowHolding(_ input: Input, at now: Instant) -> SendAction<Value> {
    let due = takePendingValue()
    phase = .holding(fold.start(with: input))
    windowEnd = now.advanced(by: interval)
    let generation = ledger.startTimerIfStopped()
    switch (due, generation) {
    case (nil, nil): return .none
    case (nil, let generation?): return .startTimer(generation: generation)
    case (let due?, nil): return .startRun(ledger.dispatch(carrying: due))
    case (let due?, let generation?):
      return .startRunAndTimer(ledger.dispatch(carrying: due), generation: generation)
    }
  }

  @inlinable
  package mutating func timerDue(at now: Instant) -> TimerAction<Instant, Value> {
    guard case .holding(let value) = phase else { return .stop }
    guard let end = windowEnd else {
      preconditionFailure(
        "Internal inconsistency in Settle: a throttled value waits with no window")
    }
    if now < end { return .sleep(until: end) }
    phase = .clear
    // Measured from the actual run, so that runs are never closer than one interval; except in
    // `.newestAtWindowEndOnly`, whose run ends its window and opens none: the next value opens
    // a fresh one and waits a whole interval, as in RxJS's `auditTime`.
    windowEnd = mode == .newestAtWindowEndOnly ? nil : now.advanced(by: interval)
    return .startRun(ledger.dispatch(carrying: value))
  }

  @usableFromInline
  package mutating func claimHeldValue(for ticket: UInt64) -> Value? {
    preconditionFailure(
      "Internal inconsistency in Settle: throttled run \(ticket) carries no value")
  }

  @usableFromInline
  package mutating func takePendingValue() -> Value? {
    guard case .holding(let value) = phase else { return nil }
    phase = .clear
    // In `.newestAtWindowEndOnly` the held value's run is its window's end, brought forward by
    // `flush()`; it opens none, so the next value opens a fresh window and waits a whole
    // interval. The other modes keep the window of the last run, which spaces the runs.
    if mode == .newestAtWindowEndOnly { windowEnd = nil }
    return value
  }

  @usableFromInline
  package mutating func dropPending() {
    phase = .clear
    windowEnd = nil
  }
}

extension ThrottleStateMachine.Phase {
  /// Joins `input` to the held value, in place; the phase must hold one.
  @inlinable
  mutating func add(_ input: Fold.Input, with fold: Fold) {
    // A `switch`, not `guard case`: a guard's matched copy of `self` lives to the end of the
    // function and would make every fold copy the accumulation.
    switch self {
    case .clear:
      preconditionFailure("Internal inconsistency in Settle: an input joined no held value")
    case .holding where Fold.replaces:
      self = .holding(fold.start(with: input))
    case .holding(var value):
      // Out of the enum first, so that the fold mutates the only reference: in place.
      self = .clear
      fold.add(input, to: &value)
      self = .holding(value)
    }
  }

  /// The held value with `input` joined, or `input` alone when none is held; the phase
  /// becomes `.clear`.
  @inlinable
  mutating func taking(_ input: Fold.Input, with fold: Fold) -> Fold.Output {
    switch self {
    case .clear:
      return fold.start(with: input)
    case .holding where Fold.replaces:
      self = .clear
      return fold.start(with: input)
    case .holding(var value):
      self = .clear
      fold.add(input, to: &value)
      return value
    }
  }
}

/// The machine of a `Throttler` and of `throttled`: the newest value, numbered by the engine.
@usableFromInline
package typealias LatestThrottleMachine<Value: Sendable, Instant: InstantProtocol> =
  ThrottleStateMachine<NumberedFold<LatestValue<Value>>, Instant>
where Instant.Duration == Duration
