/// An engine's locked state: the machine, and the handles that applying its decisions needs;
/// nothing here decides. One type for ``TimedRuns`` and ``KeyedRuns``: keys change only what
/// holds the run tasks and the claims (`RunTasks`, `Claims`), and the bookkeeping that keys
/// do not change is written once, below.
///
/// Each mutating method is called with the engine's lock held and returns what to resume or
/// cancel, for the engine to do once it has released the lock (see ``LockedState``).
@usableFromInline
package struct EngineState<
  Machine: SettlingMachine, Action: Sendable, Waiter: SendWaiting, RunResult: Sendable,
  RunTasks: Sendable, Claims: Sendable
>: HoldsSendWaiters {
  /// The machine, which alone decides.
  @usableFromInline
  var machine: Machine
  /// The action, until it is released: at shutdown, or when the last run in flight returns
  /// after a shutdown that ran the pending value. Not a second record of shutdown: that is
  /// the machine's alone, and `nil` here follows from it.
  var action: Action?
  /// The task of the machine's timer: set exactly while the machine's timer is not
  /// `.stopped`.
  @usableFromInline
  var timerTask: Task<Void, Never>?
  /// Timer tasks created so far, for tests: for ``TimedRuns``, fewer than the machine's
  /// timers when a handover did a new timer's work at once and it needed no task.
  @usableFromInline
  var timerTasksCreated: UInt64 = 0
  /// The tasks of the runs in flight, oldest first, in the order their tickets were issued:
  /// one array for ``TimedRuns``, one per key with runs in flight for ``KeyedRuns``.
  @usableFromInline
  var runTasks: RunTasks
  /// The newest input number a claimed run covers (per key, for ``KeyedRuns``, and only while
  /// callers wait): inputs up to it are settled when that run returns, later ones by a later
  /// run or a cancel.
  @usableFromInline
  var claimedThrough: Claims
  /// Callers of `waitUntilIdle()`.
  @usableFromInline
  var idleWaiters = WaiterQueue<Void>()
  /// Tests waiting until nothing happens before the clock moves (`waitUntilQuiescent()`).
  @usableFromInline
  var quiescenceWaiters = WaiterQueue<Void>()
  /// Inputs numbered so far, over every key: the next send is number `sent + 1`.
  @usableFromInline
  var sent: UInt64 = 0
  /// `sendAndWait` callers, each waiting for the input number it sent, and their outcomes.
  @usableFromInline
  package var sendWaiters = SendWaiters<Waiter, RunResult>()
  /// Callers that runs completed at their dispatch settled under the lock, for whoever
  /// releases it to resume (see ``TimedRuns/completedAtDispatch``).
  @usableFromInline
  var settledAtDispatch: [WaiterQueue<Waiter>.Continuation] = []
  /// The critical section left something to resume once the lock is released: callers that
  /// runs completed at dispatch settled, waiters those runs may satisfy, and for an engine
  /// with a handover, its consumer (``TimedRuns/completeHandover()``).
  @usableFromInline
  var resumeAfterUnlock = false

  /// A state with no run, no timer and no caller: `runTasks` and `claimedThrough` empty.
  init(machine: Machine, action: Action?, runTasks: RunTasks, claimedThrough: Claims) {
    self.machine = machine
    self.action = action
    self.runTasks = runTasks
    self.claimedThrough = claimedThrough
  }
}

/// What an engine's waiters ask of its machine: each ``TimedStateMachine``, and
/// ``KeyedStateMachine`` over all its keys.
@usableFromInline
package protocol SettlingMachine: Sendable {
  associatedtype Instant: InstantProtocol
  /// Nothing is pending and no run is in flight: what `waitUntilIdle()` waits for.
  var isIdle: Bool { get }
  /// No run is in flight, and the timer, if any, sleeps toward a deadline after `now`:
  /// nothing happens until the clock moves past it or an event arrives.
  func isQuiescent(at now: Instant) -> Bool
}

extension EngineState {
  /// Whether the critical section left something to resume after the lock; resets it.
  @inlinable
  mutating func takeResumeAfterUnlock() -> Bool {
    guard resumeAfterUnlock else { return false }
    resumeAfterUnlock = false
    return true
  }

  /// The quiescence waiters, once the machine is quiescent; `now` is read only when one waits.
  @usableFromInline
  mutating func quiescentWaiters(
    now: () -> Machine.Instant
  ) -> [WaiterQueue<Void>.Continuation] {
    guard !quiescenceWaiters.isEmpty, machine.isQuiescent(at: now()) else { return [] }
    return quiescenceWaiters.removeSatisfied { true }
  }

  /// The idle and quiescence waiters the state now allows, after a cancel, a shutdown or a
  /// run's return.
  @usableFromInline
  mutating func settledWaiters(now: () -> Machine.Instant) -> [WaiterQueue<Void>.Continuation] {
    let idle = !idleWaiters.isEmpty && machine.isIdle ? idleWaiters.removeSatisfied { true } : []
    return idle + quiescentWaiters(now: now)
  }

  /// What ``resumeAfterUnlock`` left: the callers settled at dispatch, which it empties, and
  /// the waiters now due.
  @usableFromInline
  mutating func takeSettled(
    now: () -> Machine.Instant
  ) -> (callers: [WaiterQueue<Waiter>.Continuation], waiters: [WaiterQueue<Void>.Continuation]) {
    defer { settledAtDispatch = [] }
    return (settledAtDispatch, settledWaiters(now: now))
  }

  /// The task of the timer the machine has just stopped, which the state forgets, for the
  /// engine to cancel outside the lock.
  @usableFromInline
  mutating func takeStoppedTimerTask() -> Task<Void, Never> {
    guard let timer = timerTask else {
      preconditionFailure("Internal inconsistency in Settle: a running timer has no task")
    }
    timerTask = nil
    return timer
  }
}
