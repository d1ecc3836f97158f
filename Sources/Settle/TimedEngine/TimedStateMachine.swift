/// The decisions of a timed operator, free of tasks, clocks and locks: every event is a
/// `mutating func` that returns the one action its owner, ``TimedRuns``, must apply.
///
/// A conforming machine supplies its own rules (``sendWhileOpen(_:at:)``, ``timerDue(at:)``,
/// ``claimHeldValue(for:)``, ``takePendingValue()``); what every timed machine does alike,
/// the timer's life, claims of carried values, `flush()` and `cancel()`, is written once in
/// the extension below, over the shared ``RunLedger``.
///
/// Vocabulary: a *run* is one execution of the action. It is *dispatched* (a ticket is
/// issued), then *claimed* on the action's isolation right before it starts; a claim can be
/// refused when the value was superseded meanwhile, and then nothing runs.
///
/// Its ``SettlingMachine/Instant`` is the clock's instant type, measured in `Duration`.
@usableFromInline
package protocol TimedStateMachine: SettlingMachine, Sendable
where Instant.Duration == Duration {
  /// The values sent in.
  associatedtype Input: Sendable
  /// The values runs receive: the inputs since the previous run, folded (the newest of them,
  /// for a plain debounce or throttle).
  associatedtype Value: Sendable

  /// Tickets, runs in flight and the timer's phase.
  var ledger: RunLedger { get set }
  /// Where the timer sleeps; set exactly while ``RunLedger/timer`` is `.asleep`.
  var timerDeadline: Instant? { get set }

  /// A value arrives at `now` while the owner is open: the machine's own rule for a send.
  /// Owners call ``send(_:at:)``, which drops values after shutdown and then asks this.
  mutating func sendWhileOpen(_ input: Input, at now: Instant) -> SendAction<Value>
  /// The machine's current timer is awake at `now`: sleep, start a run, or stop. Never
  /// `.retire`, which the shared ``timerWoke(generation:at:)`` decides.
  mutating func timerDue(at now: Instant) -> TimerAction<Instant, Value>
  /// A ticket that carries no value claims: the value the machine holds for it, or `nil`
  /// when a later `send` or `flush()` superseded it.
  mutating func claimHeldValue(for ticket: UInt64) -> Value?
  /// Takes the value waiting to run, for `flush()`; `nil` when none waits.
  mutating func takePendingValue() -> Value?
  /// Drops the machine's own pending state, for `cancel()`.
  mutating func dropPending()
  /// A run returned at `now` while the owner is open: what the machine starts next. Owners call
  /// ``runReturned(_:at:)``, which records the return first. A debounce or a throttle starts
  /// nothing here (the extension's default); a rate limiter, whose next value may start only
  /// once the run before it has returned, starts it or its timer.
  mutating func runReturnedWhileOpen(at now: Instant) -> SendAction<Value>
  /// A claimed run starts at `now`. A debounce or a throttle does nothing here (the
  /// extension's default); a rate limiter moves the run's place to this instant, so that its
  /// window counts the moments runs really start, not the moments they were dispatched.
  mutating func runStarted(at now: Instant)
  /// Whether ``heldValue`` is not `nil`, answered without copying the value: the machine holds
  /// a value that has not run (waiting, or dispatched without it). Only part of what is
  /// pending; see ``isPending``.
  var hasHeldValue: Bool { get }
  /// The value the machine holds that has not run, if any, left in place: how the engine
  /// learns whether a send was kept, and so whether a run will cover it.
  var heldValue: Value? { get }
  /// Until when the machine's past still shapes what its next send does, with nothing
  /// pending: the end of a leading burst, or of a throttle's window. `nil` when a fresh
  /// machine would act the same. A keyed engine keeps a key's machine that long and drops it
  /// afterwards (see ``KeyedStateMachine``).
  var remembersUntil: Instant? { get }
  /// Whether later inputs are folded into the held value (`true`) or replace it (`false`):
  /// what ``SendOutcome`` tells the callers whose value was not the newest of its run.
  static var foldsInputs: Bool { get }
  /// What a sequence operator does with the pending value when its base finishes: `true`
  /// runs it at once, `false` leaves it to the machine's timer, so that it keeps the
  /// machine's spacing. The sequence ends once it has run.
  static var runsPendingValueWhenInputEnds: Bool { get }
}

extension TimedStateMachine {
  /// A value arrives at `now`: the machine's ``sendWhileOpen(_:at:)``, unless its owner shut
  /// it down, after which values are dropped so that nothing is left pending with no one to
  /// run it.
  @inlinable
  package mutating func send(_ input: Input, at now: Instant) -> SendAction<Value> {
    guard !ledger.isShutDown else { return .none }
    return sendWhileOpen(input, at: now)
  }

  /// A value is waiting to run: held by the machine (``hasHeldValue``), or carried by a run
  /// that has not claimed yet. What the owners' public `isPending` reports.
  @inlinable
  package var isPending: Bool { hasHeldValue || ledger.unclaimedCarriedRuns > 0 }

  /// Nothing is pending and no run is in flight.
  @inlinable
  package var isIdle: Bool { !isPending && ledger.activeRunCount == 0 }

  /// No run is in flight, and the timer, if any, sleeps toward a deadline after `now`: nothing
  /// happens until the clock moves past it or an event arrives.
  @usableFromInline
  package func isQuiescent(at now: Instant) -> Bool {
    guard ledger.activeRunCount == 0 else { return false }
    switch ledger.timer {
    case .stopped: return true
    case .awake: return false
    case .asleep:
      guard let timerDeadline else {
        preconditionFailure("Internal inconsistency in Settle: a timer sleeps with no deadline")
      }
      return timerDeadline > now
    }
  }

  /// Whether the timer has work to do at `now` that its task may not have done yet: it is
  /// awake (started, or between two steps), or it sleeps toward a deadline `now` has reached.
  /// What a sequence operator checks before each event, to catch up with the clock first
  /// (see ``PacedRuns/Handover``).
  @inlinable
  package func timerIsDue(at now: Instant) -> Bool {
    switch ledger.timer {
    case .stopped: return false
    case .awake: return true
    case .asleep: return timerDeadline.map { $0 <= now } ?? false
    }
  }

  /// The timer task of `generation` is awake at `now`.
  @inlinable
  package mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerAction<
    Instant, Value
  > {
    guard ledger.timerWoke(generation: generation) else { return .retire }
    timerDeadline = nil
    let action = timerDue(at: now)
    switch action {
    case .sleep(let deadline):
      ledger.timerSleeps()
      timerDeadline = deadline
    case .stop:
      ledger.timerStops()
    case .startRun:
      break
    case .retire:
      preconditionFailure("Internal inconsistency in Settle: a machine retired its own timer")
    }
    return action
  }

  /// A dispatched run is about to start: its value, or `nil` when it must not start. The
  /// machine is not told when it starts; engines call ``claim(_:at:)``.
  @inlinable
  package mutating func claim(_ ticket: RunTicket<Value>) -> Value? {
    guard ledger.claim(ticket) else { return nil }
    return ticket.carried ?? claimHeldValue(for: ticket.id)
  }

  /// A dispatched run is about to start at `now`: ``claim(_:)``, and, when it may start,
  /// ``runStarted(at:)``.
  @inlinable
  package mutating func claim(_ ticket: RunTicket<Value>, at now: Instant) -> Value? {
    guard let value = claim(ticket) else { return nil }
    runStarted(at: now)
    return value
  }

  /// Does nothing: what a machine whose window, if any, opens at dispatch does when a run
  /// starts.
  @inlinable
  package mutating func runStarted(at now: Instant) {}

  /// A dispatched run returned at `now`, whether or not it started: what to start next, which
  /// is nothing after shutdown (see ``runReturnedWhileOpen(at:)``).
  @inlinable
  package mutating func runReturned(_ ticket: RunTicket<Value>, at now: Instant) -> SendAction<
    Value
  > {
    ledger.runReturned(ticket.id)
    guard !ledger.isShutDown else { return .none }
    return runReturnedWhileOpen(at: now)
  }

  /// Starts nothing: what a machine whose sends and timer decide every run does when a run
  /// returns.
  @inlinable
  package mutating func runReturnedWhileOpen(at now: Instant) -> SendAction<Value> { .none }

  /// Runs the pending value now, ahead of its deadline; a value already dispatched with its
  /// run is awaited instead.
  @usableFromInline
  package mutating func flush() -> FlushAction<Value> {
    if let value = takePendingValue() {
      return .startRun(ledger.dispatch(carrying: value))
    }
    guard ledger.unclaimedCarriedRuns > 0, let newest = ledger.newestRunInFlight else {
      return .none
    }
    return .awaitRun(newest)
  }

  /// Drops everything pending, voids every ticket issued so far and stops the timer.
  @usableFromInline
  package mutating func cancel() -> CancelAction {
    dropPending()
    timerDeadline = nil
    return ledger.cancel()
  }

  /// The owner is gone and its pending value must still run: `flush()`, then later values
  /// are dropped (see ``send(_:at:)``). Runs in flight are left to finish.
  @usableFromInline
  package mutating func shutDownRunningPending() -> FlushAction<Value> {
    let action = flush()
    ledger.shutDown()
    return action
  }

  /// `cancel()` for good: the owner is gone, and later values are dropped (see
  /// ``send(_:at:)``).
  @usableFromInline
  package mutating func shutDown() -> CancelAction {
    ledger.shutDown()
    return cancel()
  }
}
