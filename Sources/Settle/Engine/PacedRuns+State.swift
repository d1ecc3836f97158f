extension PacedRuns {
  /// The engine's locked state: the table, and the handles that applying its actions needs.
  /// Nothing here decides.
  ///
  /// Each method is called with the engine's lock held and returns what to resume or cancel,
  /// for the engine to do once it has released the lock (see ``LockedState``).
  @usableFromInline
  struct State: Sendable {
    @usableFromInline
    var machine: Table
    /// The action, until it is released: at shutdown, or when the last run in flight returns
    /// after a shutdown that ran the pending values. Not a second record of shutdown: that is
    /// the table's ``RunTable/isShutDown`` alone, and `nil` here follows from it.
    @usableFromInline
    var action: Action?
    /// The task of the table's timer: set exactly while the table's timer is not stopped.
    @usableFromInline
    var timerTask: RunTask?
    /// Timer tasks created so far: fewer than the table's timers when a ``Handover`` did a
    /// new timer's work at once and it needed no task.
    @usableFromInline
    var timerTasksCreated: UInt64 = 0
    /// Per key, the tasks of its runs in flight, oldest first, in the table's own store
    /// (see ``RunTaskStore``).
    @usableFromInline
    var runTasks = Table.RunTasks()
    @usableFromInline
    var idleWaiters = WaiterQueue<Void>()
    @usableFromInline
    var quiescenceWaiters = WaiterQueue<Void>()
    /// Inputs numbered so far, over every key: the next send is number `sent + 1`.
    @usableFromInline
    var sent: UInt64 = 0
    /// `sendAndWait` callers, each waiting for the input number it sent for its key, and
    /// their outcomes.
    @usableFromInline var sendWaiters = SendWaiters<Key, RunResult>()
    /// Per key, the newest input number its claimed run in flight covers: set at the claim
    /// when callers wait (only they ask which of their inputs that run covers), and gone when
    /// the run returns, so it never holds more keys than are running.
    @usableFromInline
    var claimedThrough: [Key: UInt64] = [:]
    /// A ``Handover`` recorded a value, the timer caught up, or runs completed at their
    /// dispatch, since the lock was taken: the caller resumes what is left
    /// (``PacedRuns/resumeDeferred()``) once it has released the lock.
    @usableFromInline
    var resumeAfterUnlock = false
    @usableFromInline
    var settledAtDispatch: [WaiterQueue<SendWaiter<Key>>.Continuation] = []

    init(machine: Table, action: Action?) {
      self.machine = machine
      self.action = action
    }

    /// The tasks of `key`'s `tickets`, which must be in flight.
    @usableFromInline
    func tasks(of tickets: Range<UInt64>, forKey key: Key) -> [RunTask] {
      guard !tickets.isEmpty else { return [] }
      let tasks = runTasks[tasksOf: key]
      guard let ledger = machine.ledger(forKey: key), !tasks.isEmpty else {
        preconditionFailure(
          "Internal inconsistency in Settle: runs \(tickets) of a key not in flight")
      }
      let first = ledger.returned &+ 1
      precondition(
        tickets.lowerBound >= first && tickets.upperBound <= first &+ UInt64(tasks.count),
        "Internal inconsistency in Settle: runs \(tickets) are not all in flight"
      )
      return Array(tasks[Int(tickets.lowerBound &- first)..<Int(tickets.upperBound &- first)])
    }

    /// Whether the critical section left something to resume after the lock; resets it.
    @inlinable
    mutating func takeResumeAfterUnlock() -> Bool {
      guard resumeAfterUnlock else { return false }
      resumeAfterUnlock = false
      return true
    }

    /// The quiescence waiters, once the table is quiescent; `now` is read only when one waits.
    @inlinable
    mutating func quiescentWaiters(now: () -> C.Instant) -> [WaiterQueue<Void>.Continuation] {
      guard !quiescenceWaiters.isEmpty, machine.isQuiescent(at: now()) else { return [] }
      return quiescenceWaiters.removeSatisfied { true }
    }

    /// The idle and quiescence waiters the state now allows, after a cancel, a shutdown or a
    /// run's return.
    @inlinable
    mutating func settledWaiters(now: () -> C.Instant) -> [WaiterQueue<Void>.Continuation] {
      let idle = !idleWaiters.isEmpty && machine.isIdle ? idleWaiters.removeSatisfied { true } : []
      return idle + quiescentWaiters(now: now)
    }

    /// What ``resumeAfterUnlock`` left: the callers settled at dispatch, which it empties, and
    /// the waiters now due.
    @inlinable
    mutating func takeSettled(
      now: () -> C.Instant
    ) -> (
      callers: [WaiterQueue<SendWaiter<Key>>.Continuation],
      waiters: [WaiterQueue<Void>.Continuation]
    ) {
      defer { settledAtDispatch = [] }
      return (settledAtDispatch, settledWaiters(now: now))
    }

    /// The task of the timer the table has just stopped, which the state forgets, for the
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
}
