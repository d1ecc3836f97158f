/// The bookkeeping every timed machine shares: the tickets it has issued, which of them a
/// `cancel()` voided, which runs have returned, and the one timer task it may have.
///
/// Written once here so that ``DebounceStateMachine`` and ``ThrottleStateMachine`` keep only
/// their own rules. The mutations that an impossible state could reach (a claim or a return
/// out of ticket order, a timer that sleeps or stops while not awake) stop with a message: a
/// bug in Settle must not silently run a stale value.
///
/// Runs return in ticket order, because each run's task waits for the previous one before it
/// claims (see ``TimedRuns``). So the runs in flight are always the contiguous tickets
/// `returned + 1 ... issued`, and two counters describe them without a collection.
@usableFromInline
package struct RunLedger: Sendable {
  /// The machine's timer task, as the machine sees it.
  @usableFromInline
  package enum Timer: Equatable, Sendable {
    /// No timer task is running: the next value that needs one starts it.
    case stopped
    /// The timer task of `generation` is awake and about to ask what to do.
    case awake(generation: UInt64)
    /// The timer task of `generation` sleeps toward the machine's `timerDeadline`.
    case asleep(generation: UInt64)
  }

  /// Where the timer task is.
  @usableFromInline
  package private(set) var timer = Timer.stopped
  // Beside the timer's one-byte tag, so that the ledger has no padding to move (a keyed
  // machine stores one per key).
  /// The owner is gone: no value is taken, no ticket issued and no timer started any more.
  @usableFromInline
  package private(set) var isShutDown = false
  /// Timer tasks started so far; each one's generation is the count when it started.
  @usableFromInline
  package private(set) var timersStarted: UInt64 = 0
  /// Tickets issued so far: ticket ids run from 1 to `issued`.
  @usableFromInline
  package private(set) var issued: UInt64 = 0
  /// Runs that have returned, started or not.
  @usableFromInline
  package private(set) var returned: UInt64 = 0
  /// Every ticket up to this one was issued before the latest `cancel()` and never starts.
  @usableFromInline
  package private(set) var cancelledThrough: UInt64 = 0
  /// Runs that carry their value (``RunTicket/carried``), not voided, not yet claimed.
  /// Until it claims, such a run's value counts as pending.
  @usableFromInline
  package private(set) var unclaimedCarriedRuns = 0

  @inlinable
  package init() {}

  /// Runs issued and not yet returned (waiting for a predecessor, claiming, or running).
  @inlinable
  package var activeRunCount: Int { Int(issued &- returned) }

  /// Whether a timer task is running, asleep or awake.
  @inlinable
  package var hasTimer: Bool { timer != .stopped }

  // MARK: - Runs

  /// Issues the next ticket; every run still in flight is superseded (see ``StartRun``).
  ///
  /// - Parameter value: The value the run takes, or `nil` when it takes the value the
  ///   machine holds for its ticket when it claims.
  @inlinable
  package mutating func dispatch<Value>(carrying value: Value?) -> StartRun<Value> {
    issued &+= 1
    if value != nil { unclaimedCarriedRuns += 1 }
    return StartRun(
      ticket: RunTicket(id: issued, carried: value),
      superseding: (returned &+ 1)..<issued
    )
  }

  /// A ticket reached its claim: `true` when it may start, `false` when a `cancel()` since it
  /// was issued voided it. A carried value stops counting as pending here, whatever the
  /// answer.
  @inlinable
  package mutating func claim<Value>(_ ticket: RunTicket<Value>) -> Bool {
    precondition(
      ticket.id == returned &+ 1 || SeededFault.isSeeded(.overlappingRuns),
      "Internal inconsistency in Settle: run \(ticket.id) claimed while run \(returned &+ 1) had not returned"
    )
    guard ticket.id > cancelledThrough else {
      // The seeded fault lets a voided ticket start; `cancel()` already stopped counting it.
      return SeededFault.isSeeded(.claimIgnoresCancel)
    }
    if ticket.carried != nil {
      precondition(
        unclaimedCarriedRuns > 0,
        "Internal inconsistency in Settle: run \(ticket.id) carries a value nobody counted as pending"
      )
      unclaimedCarriedRuns -= 1
    }
    return true
  }

  /// A run returned. Runs return in ticket order; anything else means two runs overlapped.
  @usableFromInline
  package mutating func runReturned(_ id: UInt64) {
    precondition(
      (id == returned &+ 1 || SeededFault.isSeeded(.overlappingRuns)) && id <= issued,
      "Internal inconsistency in Settle: run \(id) returned, but run \(returned &+ 1) of \(issued) was next"
    )
    returned = id
  }

  /// The newest run in flight, if any: what a `flush()` waits for when the value it would
  /// run is already dispatched.
  @inlinable
  package var newestRunInFlight: UInt64? { issued > returned ? issued : nil }

  /// Records, for good, that the owner is gone.
  @usableFromInline
  package mutating func shutDown() {
    isShutDown = true
  }

  /// Voids every ticket issued so far and stops the timer.
  @usableFromInline
  package mutating func cancel() -> CancelAction {
    let inFlight = (returned &+ 1)..<(issued &+ 1)
    let stopsTimer = hasTimer
    cancelledThrough = issued
    unclaimedCarriedRuns = 0
    timer = .stopped
    return CancelAction(stopsTimer: stopsTimer, cancelling: inFlight)
  }

  // MARK: - Timer

  /// Records a new timer task unless one is running; returns the generation its owner starts
  /// it with.
  @inlinable
  package mutating func startTimerIfStopped() -> UInt64? {
    guard timer == .stopped else { return nil }
    timersStarted &+= 1
    timer = .awake(generation: timersStarted)
    return timersStarted
  }

  /// The timer task of `generation` woke; whether it is still the machine's timer. A timer
  /// that `cancel()` replaced is not, and must end without touching anything.
  @usableFromInline
  package mutating func timerWoke(generation: UInt64) -> Bool {
    switch timer {
    case .stopped:
      return false
    case .awake(let current), .asleep(let current):
      guard current == generation || SeededFault.isSeeded(.timerGenerationUnchecked) else {
        return false
      }
      timer = .awake(generation: generation)
      return true
    }
  }

  /// The awake timer goes to sleep.
  @usableFromInline
  package mutating func timerSleeps() {
    guard case .awake(let generation) = timer else {
      preconditionFailure("Internal inconsistency in Settle: a timer went to sleep while \(timer)")
    }
    timer = .asleep(generation: generation)
  }

  /// A catch-up (see ``PacedRuns/Handover``) took the steps of the timer of `generation` ahead
  /// of its task and found nothing left to time. The timer stays the machine's, awake, until
  /// that task (already woken, or due to wake) stops it: a `send` meanwhile reuses it instead
  /// of starting another, so that an operator whose every element is due at once still runs
  /// one timer task per burst, not one per element.
  @usableFromInline
  package mutating func timerAwaitsItsTask(generation: UInt64) {
    guard case .stopped = timer, generation == timersStarted else {
      preconditionFailure(
        "Internal inconsistency in Settle: timer \(generation) was handed back to its task while \(timer)"
      )
    }
    timer = .awake(generation: generation)
  }

  /// The awake timer has nothing left to time and ends.
  @usableFromInline
  package mutating func timerStops() {
    guard case .awake = timer else {
      preconditionFailure("Internal inconsistency in Settle: a timer ended while \(timer)")
    }
    timer = .stopped
  }
}
