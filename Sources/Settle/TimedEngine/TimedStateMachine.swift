/// The shape shared by the debounce and throttle state machines, so that one storage type
/// can apply their decisions with tasks, a clock and a lock.
///
/// Every event returns what the owner must do; the machine itself never touches a task.
@usableFromInline
package protocol TimedStateMachine: Sendable {
  /// The values sent in.
  associatedtype Value
  /// The clock's instant type.
  associatedtype Instant: InstantProtocol where Instant.Duration == Duration
  /// What a dispatched run carries to its claim.
  associatedtype Claim: Sendable

  /// A value arrives at `now`.
  mutating func send(_ value: Value, at now: Instant) -> SendAction<Claim>
  /// The timer of `generation` is awake at `now`.
  mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerAction<Instant, Claim>
  /// A dispatched run is about to start; its value, or `nil` when it must not start.
  mutating func claim(_ ticket: RunTicket<Claim>) -> Value?
  /// A dispatched run returned, whether or not it started.
  mutating func runFinished()
  /// Runs the pending value now.
  mutating func flush() -> FlushAction<Claim>
  /// Drops everything pending; returns whether a timer was running.
  mutating func cancel() -> Bool

  /// A value is waiting to run.
  var isPending: Bool { get }
  /// Runs dispatched and not yet finished.
  var activeRunCount: Int { get }
  /// Runs dispatched so far.
  var dispatchedRunCount: UInt64 { get }
}

extension TimedStateMachine {
  /// Nothing is pending and no run is in flight.
  @inlinable
  package var isIdle: Bool { !isPending && activeRunCount == 0 }
}

/// A dispatched run, claimed on the action's isolation right before it starts.
@usableFromInline
package struct RunTicket<Claim> {
  /// Unique per machine, in dispatch order.
  @usableFromInline
  package let id: UInt64
  /// How the claim decides whether the run may still start.
  @usableFromInline
  package let claim: Claim

  @inlinable
  package init(id: UInt64, claim: Claim) {
    self.id = id
    self.claim = claim
  }
}

/// What `send` asks of the owner.
@usableFromInline
package struct SendAction<Claim> {
  /// Start a timer task with this generation; `nil` when none is needed.
  @usableFromInline
  package var startTimer: UInt64?
  /// Start this run at once.
  @usableFromInline
  package var run: RunTicket<Claim>?

  @inlinable
  package init(startTimer: UInt64? = nil, run: RunTicket<Claim>? = nil) {
    self.startTimer = startTimer
    self.run = run
  }
}

/// What a timer asks of the owner when it wakes.
@usableFromInline
package enum TimerAction<Instant, Claim> {
  /// Sleep until this deadline, then report again.
  case sleep(until: Instant)
  /// Start this run, then report again.
  case run(RunTicket<Claim>)
  /// Nothing left to time: the timer ends.
  case stop
}

/// What `flush()` asks of the owner.
@usableFromInline
package enum FlushAction<Claim> {
  /// Start this run and wait for it to finish.
  case run(RunTicket<Claim>)
  /// A value already dispatched is on its way: wait for the latest run.
  case awaitLatestRun
  /// Nothing is pending.
  case none
}

extension RunTicket: Sendable where Claim: Sendable {}
