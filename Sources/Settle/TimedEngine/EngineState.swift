/// What both engines keep in their locked state beside the machine, and the bookkeeping on it
/// that keys do not change: written once for ``TimedRuns`` and ``KeyedRuns``.
///
/// Each method is called with the engine's lock held and returns what to resume or cancel,
/// for the engine to do once it has released the lock (see ``LockedState``).
@usableFromInline
package protocol EngineState: HoldsSendWaiters {
  associatedtype Machine: SettlingMachine
  /// The machine, which alone decides.
  var machine: Machine { get }
  /// The task of the machine's timer: set exactly while the machine's timer is not
  /// `.stopped`.
  var timerTask: Task<Void, Never>? { get set }
  /// Callers of `waitUntilIdle()`.
  var idleWaiters: WaiterQueue<Void> { get set }
  /// Tests waiting until nothing happens before the clock moves (`waitUntilQuiescent()`).
  var quiescenceWaiters: WaiterQueue<Void> { get set }
  /// Callers that runs completed at their dispatch settled under the lock, for whoever
  /// releases it to resume (see ``TimedRuns/completedAtDispatch``).
  var settledAtDispatch: [WaiterQueue<Waiter>.Continuation] { get set }
  /// The critical section left something to resume once the lock is released: callers that
  /// runs completed at dispatch settled, and the waiters those runs may satisfy; for an engine
  /// with a handover, also its consumer, and the waiters a caught-up timer going back to sleep
  /// may satisfy.
  var resumeAfterUnlock: Bool { get set }
}

/// What an engine's waiters ask of its machine: each ``TimedStateMachine``, and
/// ``KeyedStateMachine`` over all its keys.
@usableFromInline
package protocol SettlingMachine {
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
  @inlinable
  mutating func quiescentWaiters(
    now: () -> Machine.Instant
  ) -> [WaiterQueue<Void>.Continuation] {
    guard !quiescenceWaiters.isEmpty, machine.isQuiescent(at: now()) else { return [] }
    return quiescenceWaiters.removeSatisfied { true }
  }

  /// The idle and quiescence waiters the state now allows, after a cancel, a shutdown or a
  /// run's return.
  @inlinable
  mutating func settledWaiters(now: () -> Machine.Instant) -> [WaiterQueue<Void>.Continuation] {
    let idle = !idleWaiters.isEmpty && machine.isIdle ? idleWaiters.removeSatisfied { true } : []
    return idle + quiescentWaiters(now: now)
  }

  /// What ``resumeAfterUnlock`` left: the callers settled at dispatch, which it empties, and
  /// the waiters now due.
  @inlinable
  mutating func takeSettled(
    now: () -> Machine.Instant
  ) -> (callers: [WaiterQueue<Waiter>.Continuation], waiters: [WaiterQueue<Void>.Continuation]) {
    defer { settledAtDispatch = [] }
    return (settledAtDispatch, settledWaiters(now: now))
  }

  /// The task of the timer the machine has just stopped, which the state forgets, for the
  /// engine to cancel outside the lock.
  @inlinable
  mutating func takeStoppedTimerTask() -> Task<Void, Never> {
    guard let timer = timerTask else {
      preconditionFailure("Internal inconsistency in Settle: a running timer has no task")
    }
    timerTask = nil
    return timer
  }
}
