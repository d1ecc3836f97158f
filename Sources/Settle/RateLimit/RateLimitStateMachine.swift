/// The decisions of a rate limiter, free of tasks, clocks and locks (see ``TimedStateMachine``).
///
/// A sliding window: at most ``limit`` runs start in any span of ``interval`` on the clock, a
/// run that starts at `t` holding its place until `t + interval`. Every value sent runs once,
/// in the order sent, and runs never overlap:
/// - a value that finds a place free, nothing queued and no run in flight is dispatched at
///   once;
/// - any other value joins the queue, whose first value is dispatched when the run before it
///   has returned and a place is free: at that return, or on the timer, which sleeps until the
///   oldest place in the window frees up.
///
/// Two rules keep the window honest about when runs really start. A value is dispatched only
/// after the run before it has returned: a run waits for its predecessor before it starts, so
/// a value dispatched earlier could start later, close behind the next ones. And a run's place,
/// taken at its dispatch, moves to the moment it starts (``runStarted(at:)``), which is later
/// when the action's isolation is busy.
///
/// Every run carries its value, so nothing supersedes a queued or dispatched value: only
/// `cancel()` drops them, and it forgets the window too. There is nothing to fold and nothing to hurry: a flush finds no
/// value to take.
@usableFromInline
package struct RateLimitStateMachine<Input: Sendable, Instant: InstantProtocol>:
  TimedStateMachine
where Instant.Duration == Duration {
  @usableFromInline
  package typealias Value = Input

  /// Runs started at most in any span of ``interval``.
  @usableFromInline
  package let limit: Int
  /// The span of the sliding window.
  @usableFromInline
  package let interval: Duration
  /// Values waiting for a place, first sent first.
  @usableFromInline
  var queue = FIFOQueue<Input>()
  /// When the newest runs started (or, until they start, were dispatched), at most ``limit``
  /// of them, as a ring whose oldest entry, once it is full, is `starts[oldestStart]`.
  @usableFromInline
  var starts: [Instant] = []
  @usableFromInline
  var oldestStart = 0
  @usableFromInline
  package var ledger = RunLedger()
  @usableFromInline
  package var timerDeadline: Instant?

  /// Creates the machine.
  ///
  /// - Precondition: `limit` is at least 1, and `interval` is not negative.
  @usableFromInline
  package init(limit: Int, interval: Duration) {
    precondition(
      limit >= 1, "A rate limit of \(limit) runs per interval lets nothing run; pass 1 or more.")
    precondition(
      interval >= .zero,
      "The rate limiter's interval was \(interval); pass a duration of zero or more.")
    self.limit = limit
    self.interval = interval
  }

  @inlinable
  package static var foldsInputs: Bool { false }

  @inlinable
  package static var runsPendingValueWhenInputEnds: Bool { false }

  @inlinable
  package var hasHeldValue: Bool { !queue.isEmpty }

  /// The value queued last: the one a send just queued, if it was queued.
  @inlinable
  package var heldValue: Value? { queue.last }

  /// The values waiting for a place, first sent first.
  package var queuedValues: [Value] { queue.elements }

  /// The end of the newest run's place: until then, a fresh machine would let more runs start.
  @inlinable
  package var remembersUntil: Instant? {
    guard !starts.isEmpty else { return nil }
    return starts[(oldestStart &+ starts.count &- 1) % starts.count].advanced(by: interval)
  }

  /// When the next place frees up, or `nil` when one is free whatever the time.
  @inlinable
  var nextPlace: Instant? {
    guard starts.count == limit else { return nil }
    let held = SeededFault.isSeeded(.ratePlacesFreeEarly) ? interval / 2 : interval
    return starts[oldestStart].advanced(by: held)
  }

  @inlinable
  func hasPlace(at now: Instant) -> Bool {
    nextPlace.map { $0 <= now } ?? true
  }

  /// Dispatches `input` at `now`, taking the oldest place of the window.
  @inlinable
  mutating func dispatch(_ input: Input, at now: Instant) -> StartRun<Value> {
    if starts.count < limit {
      starts.append(now)
    } else {
      starts[oldestStart] = now
      oldestStart = (oldestStart &+ 1) % limit
    }
    let run: StartRun<Value> = ledger.dispatch(carrying: input)
    precondition(
      run.superseding.isEmpty,
      "Internal inconsistency in Settle: a rate limiter dispatched a run while another was in flight"
    )
    return run
  }

  /// Whether a value sent at `now` would be dispatched at once: a place is free, and nothing
  /// is queued or running.
  @inlinable
  package func dispatchesAtOnce(at now: Instant) -> Bool {
    !ledger.isShutDown && queue.isEmpty && ledger.activeRunCount == 0 && hasPlace(at: now)
  }

  @inlinable
  package mutating func sendWhileOpen(_ input: Input, at now: Instant) -> SendAction<Value> {
    if queue.isEmpty, ledger.activeRunCount == 0, hasPlace(at: now) {
      return .startRun(dispatch(input, at: now))
    }
    queue.append(input)
    // With a run in flight, its return takes the queue on; otherwise the timer waits for a
    // place (and is already running if others were queued first).
    guard ledger.activeRunCount == 0, let generation = ledger.startTimerIfStopped() else {
      return .none
    }
    return .startTimer(generation: generation)
  }

  @inlinable
  package mutating func timerDue(at now: Instant) -> TimerAction<Instant, Value> {
    guard !queue.isEmpty, ledger.activeRunCount == 0 else { return .stop }
    if let place = nextPlace, place > now { return .sleep(until: place) }
    return .startRun(dispatch(queue.removeFirst(), at: now))
  }

  @inlinable
  package mutating func runReturnedWhileOpen(at now: Instant) -> SendAction<Value> {
    guard !queue.isEmpty, ledger.activeRunCount == 0 else { return .none }
    if hasPlace(at: now) { return .startRun(dispatch(queue.removeFirst(), at: now)) }
    // An awake timer (one that has just dispatched the run that returned) takes the queue on.
    guard let generation = ledger.startTimerIfStopped() else { return .none }
    return .startTimer(generation: generation)
  }

  /// The run dispatched last starts at `now`: its place, taken at its dispatch, is held from
  /// now on. A run starts later than its dispatch when the action's isolation is busy; counted
  /// from the dispatch, the next runs could then start within less than an interval of it.
  /// Nothing is dispatched while it runs, so it is the newest entry of the window.
  @inlinable
  package mutating func runStarted(at now: Instant) {
    // Empty when `cancel()` forgot the window meanwhile.
    guard !starts.isEmpty, !SeededFault.isSeeded(.rateWindowCountsFromDispatch) else { return }
    starts[(oldestStart &+ starts.count &- 1) % starts.count] = now
  }

  @usableFromInline
  package mutating func claimHeldValue(for ticket: UInt64) -> Value? {
    preconditionFailure(
      "Internal inconsistency in Settle: run \(ticket) of a rate limiter carried no value")
  }

  /// `nil`: a flush has nothing to hurry, since running a queued value early would break the
  /// limit.
  @usableFromInline
  package mutating func takePendingValue() -> Value? { nil }

  /// Empties the queue and forgets the window: `cancel()` starts the limiter over, as it ends
  /// a debouncer's burst (see ``RateLimiting/cancel()``).
  @usableFromInline
  package mutating func dropPending() {
    queue.removeAll()
    starts.removeAll()
    oldestStart = 0
  }
}
