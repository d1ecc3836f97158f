/// Applies a ``KeyedStateMachine``'s decisions: one timer task for every key, one task per
/// run, runs of one key that never overlap, and a currency check on the action's own
/// isolation. The engine of every keyed owner (``KeyedDebouncing``, ``KeyedThrottling``,
/// ``KeyedRateLimiting``), whatever the machine of its keys; the keyed counterpart of
/// ``TimedRuns``, with the same rules, the runs completed at dispatch included:
///
/// - `send` and the cancels are synchronous; they take the lock, record, and at most create
///   the timer task and a run task. No task is created per input, nor per key.
/// - Tasks are cancelled, and continuations resumed, only after the lock is released; the
///   action is called outside the lock.
/// - A run of a key waits for the previous run of the same key to return before it claims;
///   the runs it supersedes have their tasks cancelled. Runs of different keys are unrelated.
/// - After ``shutDown()`` nothing starts, and values sent are dropped.
///
/// What is `@inlinable`, and why, is as in ``TimedRuns``; here the timer's steps also pop the
/// deadline heap (``DeadlineHeap``), specialised with them.
@usableFromInline
package final class KeyedRuns<
  Key: Hashable & Sendable, KeyMachine: TimedStateMachine, C: Clock, Success: Sendable,
  Failure: Error
>: Sendable
where
  KeyMachine.Instant == C.Instant, KeyMachine.Input: NumberedPayload,
  KeyMachine.Value: NumberedPayload
{
  @usableFromInline
  package typealias Machine = KeyedStateMachine<Key, KeyMachine>
  /// What `send` takes for a key.
  @usableFromInline
  package typealias Input = KeyMachine.Input.Payload
  /// What a key's run receives.
  @usableFromInline
  package typealias Value = KeyMachine.Value.Payload
  /// A run's value with the number of the newest input it covers, as the machine holds it.
  @usableFromInline
  typealias NumberedValue = KeyMachine.Value
  @usableFromInline
  package typealias Action = IsolatedKeyedAction
  /// What a run's action returned or threw: what every caller the run covered receives.
  @usableFromInline package typealias RunResult = Result<Success, Failure>
  @usableFromInline
  typealias RunTask = Task<Void, Never>

  /// The machine, and the handles that applying its actions needs; nothing here decides.
  @usableFromInline
  struct State: EngineState {
    @usableFromInline
    var machine: Machine
    /// The action, until it is released (as in ``TimedRuns``): `nil` follows from the
    /// machine's ``KeyedStateMachine/isShutDown``, the one record of shutdown.
    @usableFromInline
    var action: Action?
    /// The task of the machine's timer: set exactly while the machine's timer is not
    /// `.stopped`.
    @usableFromInline
    var timerTask: RunTask?
    /// Per key, the tasks of its runs in flight, oldest first: tickets `finished + 1 ...
    /// issued` of the key's ``RunLedger``. A key is here exactly while it has runs in flight.
    @usableFromInline
    var runTasks: [Key: [RunTask]] = [:]
    @usableFromInline
    var idleWaiters = WaiterQueue<Void>()
    @usableFromInline
    var quiescenceWaiters = WaiterQueue<Void>()
    /// Inputs numbered so far, over every key: the next send is number `sent + 1`.
    @usableFromInline
    var sent: UInt64 = 0
    /// `sendAndWait` callers, each waiting for the input number it sent for its key, and
    /// their outcomes.
    @usableFromInline var sendWaiters = SendWaiters<KeyedSendWaiter<Key>, RunResult>()
    /// Per key, the newest input number its claimed run in flight covers: set at the claim when
    /// callers wait (only they ask which of their inputs that run covers), and gone when the
    /// run returns, so it never holds more keys than are running.
    @usableFromInline
    var claimedThrough: [Key: UInt64] = [:]
    @usableFromInline
    var settledAtDispatch: [WaiterQueue<KeyedSendWaiter<Key>>.Continuation] = []
    /// Runs completed at their dispatch since the lock was taken: the caller resumes their
    /// callers, and the waiters they may satisfy, once it has released the lock
    /// (``KeyedRuns/resumeAfterCompletedRuns()``), as ``TimedRuns`` does with its handover.
    @usableFromInline
    var resumeAfterUnlock = false

    init(machine: Machine, action: Action?) {
      self.machine = machine
      self.action = action
    }

    /// The tasks of `key`'s `tickets`, which must be in flight.
    @usableFromInline
    func tasks(of tickets: Range<UInt64>, forKey key: Key) -> [RunTask] {
      guard !tickets.isEmpty else { return [] }
      guard let ledger = machine.ledger(forKey: key), let tasks = runTasks[key] else {
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
  }

  @usableFromInline
  let state: LockedState<State>
  @usableFromInline
  let clock: C
  /// Passed to the clock's `sleep(until:tolerance:)`.
  @usableFromInline
  let tolerance: Duration?
  /// Set for an engine whose runs have no work, as ``TimedRuns/completedAtDispatch`` is: each
  /// run completes when it is dispatched, with this result, and no task is created for it.
  @usableFromInline
  let completedAtDispatch: RunResult?

  @usableFromInline
  package convenience init(
    machine: Machine,
    clock: C,
    tolerance: Duration?,
    action: @escaping @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success
  ) {
    self.init(
      machine: machine, clock: clock, tolerance: tolerance, action: IsolatedKeyedAction(action),
      completedAtDispatch: nil)
  }

  /// An engine whose runs have no work: each completes at its dispatch with `result`.
  @usableFromInline
  package convenience init(
    machine: Machine, clock: C, tolerance: Duration?, completingRunsWith result: RunResult
  ) {
    self.init(
      machine: machine, clock: clock, tolerance: tolerance, action: nil,
      completedAtDispatch: result)
  }

  private init(
    machine: Machine, clock: C, tolerance: Duration?, action: Action?,
    completedAtDispatch: RunResult?
  ) {
    C.checkTimerTolerance(tolerance)
    self.clock = clock
    self.tolerance = tolerance
    self.completedAtDispatch = completedAtDispatch
    self.state = LockedState(State(machine: machine, action: action))
  }

  /// Whether a value of `key` is waiting to run.
  @usableFromInline
  package func isPending(forKey key: Key) -> Bool {
    state.withLock { $0.machine.isPending(forKey: key) }
  }

  @inlinable
  package func send(_ input: Input, forKey key: Key) {
    let (superseded, completedRuns) = state.withLock { state in
      (send(input, forKey: key, in: &state).superseded, state.takeResumeAfterUnlock())
    }
    for task in superseded { task.cancel() }
    if completedRuns { resumeAfterCompletedRuns() }
  }

  /// After a critical section that completed runs at their dispatch: resumes the callers they
  /// settled and wakes the waiters that may now be due.
  @usableFromInline
  func resumeAfterCompletedRuns() {
    let (callers, waiters) = state.withLock { $0.takeSettled { clock.now } }
    for caller in callers { caller.resume() }
    for waiter in waiters { waiter.resume() }
  }

  /// Numbers `input` and applies what the machine decides; returns the run tasks to cancel,
  /// the input's number, and the newest input number of a run this send dispatched.
  @inlinable
  func send(
    _ input: Input, forKey key: Key, in state: inout State
  ) -> (superseded: [RunTask], sent: UInt64, dispatched: UInt64?) {
    state.sent &+= 1
    let number = state.sent
    let numbered = KeyMachine.Input(payload: input, number: number)
    let action = state.machine.send(numbered, forKey: key, at: clock.now)
    // The common case inside a key's burst first, without a call: the value waits.
    if case .none = action { return ([], number, nil) }
    return (start(action, forKey: key, in: &state), number, action.run?.ticket.carried?.number)
  }

  /// Applies what the machine decided on an event of `key`: the run and the timer task it
  /// starts. Returns the tasks to cancel outside the lock: superseded runs, a replaced timer.
  @inlinable
  func start(_ action: SendAction<NumberedValue>, forKey key: Key, in state: inout State)
    -> [RunTask]
  {
    switch action {
    case .none:
      return []
    case .startTimer(let generation):
      return startTimer(generation, in: &state)
    case .startRun(let run):
      // Here, not only in `startRun`, so that a place handed out at a send is specialised.
      if let completedAtDispatch {
        return complete(run.ticket, forKey: key, with: completedAtDispatch, in: &state)
      }
      return startRun(run, forKey: key, in: &state)
    case .startRunAndTimer(let run, let generation):
      let replaced = startTimer(generation, in: &state)
      return startRun(run, forKey: key, in: &state) + replaced
    }
  }

  /// Sends `input` for `key` and returns once the key's run that covers it has returned, with
  /// that run's result, or at once when no run will (see ``SendOutcome``); the rules of
  /// ``TimedRuns/sendAndWait(_:)``, for one key.
  @inlinable
  package func sendAndWait(
    _ input: Input, forKey key: Key
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    guard completedAtDispatch != nil else { return try await sendAndWaitForRun(input, forKey: key) }
    // A run completed inside the send leaves its waiters to wake once the lock is released.
    defer { if state.withLock({ $0.takeResumeAfterUnlock() }) { resumeAfterCompletedRuns() } }
    return try await sendAndWaitForRun(input, forKey: key)
  }

  /// ``sendAndWait(_:forKey:)`` but for what a run completed at dispatch leaves to do after it.
  @inlinable
  func sendAndWaitForRun(
    _ input: Input, forKey key: Key
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    try await state.sendAndWait(group: key) { state, id in
      let (superseded, sent, dispatched) = send(input, forKey: key, in: &state)
      if let completedAtDispatch, dispatched == sent {
        // Its run completed inside the send: the caller has its outcome without waiting.
        state.sendWaiters.settleAtOnce(
          id, in: key, with: SendSettlement(outcome: .ran, result: completedAtDispatch))
        return (superseded, nil)
      }
      // Kept when it is the newest input of the value the key holds, or of the run this send
      // dispatched; anything else was left out by the rules.
      let kept = dispatched == sent || state.machine.heldValue(forKey: key)?.number == sent
      return (superseded, kept ? KeyedSendWaiter(id: id, key: key, input: sent) : nil)
    }
  }

  /// The callers of `key` whose inputs a returned run covered: its newest input ran, earlier
  /// ones were superseded or folded into it. Each receives the run's `result`.
  @inlinable
  func coveredSendWaiters(
    forKey key: Key, through newest: UInt64, result: RunResult, in state: inout State
  ) -> [WaiterQueue<KeyedSendWaiter<Key>>.Continuation] {
    let earlier: SendOutcome = KeyMachine.foldsInputs ? .folded : .superseded
    return state.sendWaiters.settle(key, result: result) { waiter in
      guard waiter.input <= newest || SeededFault.isSeeded(.resultSettlesLaterCallers) else {
        return nil
      }
      return waiter.input == newest ? .ran : earlier
    }
  }

  /// The callers of `key` (of every key, for `nil`) whose inputs no claimed run covers: a
  /// cancel or a shutdown dropped them.
  private func droppedSendWaiters(
    forKey key: Key?, in state: inout State
  ) -> [WaiterQueue<KeyedSendWaiter<Key>>.Continuation] {
    let claimed = state.claimedThrough
    return state.sendWaiters.settle(key, result: nil) { waiter in
      waiter.input > claimed[waiter.key, default: 0] ? .dropped : nil
    }
  }

  @usableFromInline
  package func cancel(forKey key: Key) {
    let (tasks, waiters, callers) = state.withLock { state in
      let cancel = state.machine.cancel(forKey: key)
      return (
        state.tasks(of: cancel.cancelling, forKey: key), state.settledWaiters { clock.now },
        droppedSendWaiters(forKey: key, in: &state)
      )
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.resume() }
    for caller in callers { caller.resume() }
  }

  @usableFromInline
  package func cancel() {
    let (tasks, waiters, callers) = state.withLock { state in
      (
        apply(state.machine.cancel(), in: &state), state.settledWaiters { clock.now },
        droppedSendWaiters(forKey: nil, in: &state)
      )
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.resume() }
    for caller in callers { caller.resume() }
  }

  @usableFromInline
  package func flush(forKey key: Key) async {
    let (awaited, superseded) = state.withLock { state -> (RunTask?, [RunTask]) in
      apply(state.machine.flush(forKey: key, at: clock.now), forKey: key, in: &state)
    }
    for task in superseded { task.cancel() }
    // From inside the action, the run awaited may start only after this action returns.
    guard !isRunningAction else { return }
    await awaited?.value
  }

  @usableFromInline
  package func flush() async {
    let (awaited, superseded) = state.withLock { state -> ([RunTask], [RunTask]) in
      var awaited: [RunTask] = []
      var superseded: [RunTask] = []
      for (key, action) in state.machine.flush(at: clock.now) {
        let (task, cancelled) = apply(action, forKey: key, in: &state)
        if let task { awaited.append(task) }
        superseded += cancelled
      }
      return (awaited, superseded)
    }
    for task in superseded { task.cancel() }
    guard !isRunningAction else { return }
    for task in awaited { await task.value }
  }

  /// Whether the calling task is running this engine's action.
  @usableFromInline
  package var isRunningAction: Bool { RunningAction.isRunning(for: self) }

  @usableFromInline
  package func waitUntilIdle() async {
    await state.wait(in: \.idleWaiters, for: ()) { $0.machine.isIdle }
  }

  /// Runs every key's pending value, as `flush()` would, and lets every run in flight
  /// finish; the action is released when the last run returns (see `perform`). Values sent
  /// afterwards are dropped.
  @usableFromInline
  package func shutDownRunningPending() {
    let (timer, waiters) = state.withLock {
      state -> (RunTask?, [WaiterQueue<Void>.Continuation]) in
      for (key, action) in state.machine.shutDownRunningPending(at: clock.now) {
        // Superseded runs are not cancelled: they finish first, then the flushed one runs.
        _ = apply(action, forKey: key, in: &state)
      }
      // The machine stopped its timer: woken now, the task retires.
      let timer = state.timerTask
      state.timerTask = nil
      var waiters: [WaiterQueue<Void>.Continuation] = []
      if state.machine.isIdle {
        state.action = nil
        waiters = state.settledWaiters { clock.now }
      }
      return (timer, waiters)
    }
    timer?.cancel()
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels everything and releases the action; nothing starts afterwards, and values sent
  /// afterwards are dropped. One critical section, so no `send` slips in between.
  @usableFromInline
  package func shutDown() {
    let (tasks, waiters, callers, action) = state.withLock { state in
      let tasks = apply(state.machine.shutDown(), in: &state)
      defer { state.action = nil }
      let callers = droppedSendWaiters(forKey: nil, in: &state)
      return (tasks, state.settledWaiters { clock.now }, callers, state.action)
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.resume() }
    for caller in callers { caller.resume() }
    // Released here, outside the lock, in case its captures run code in deinit.
    _ = action
  }

  // MARK: - Applying the machine's actions (called with the lock held)

  private func apply(_ cancel: Machine.Cancellation, in state: inout State) -> [RunTask] {
    var tasks: [RunTask] = []
    for (key, tickets) in cancel.cancelling {
      tasks += state.tasks(of: tickets, forKey: key)
    }
    if cancel.stopsTimer { tasks.append(state.takeStoppedTimerTask()) }
    return tasks
  }

  /// Starts or finds the run a flush waits for; returns it and the tasks to cancel.
  private func apply(
    _ flush: FlushAction<NumberedValue>, forKey key: Key, in state: inout State
  ) -> (RunTask?, [RunTask]) {
    switch flush {
    case .startRun(let run):
      let superseded = startRun(run, forKey: key, in: &state)
      return (state.runTasks[key]?.last, superseded)
    case .awaitRun(let ticket):
      return (state.tasks(of: ticket..<(ticket &+ 1), forKey: key).first, [])
    case .none:
      return (nil, [])
    }
  }

  /// Starts the timer task of `generation`; returns the task it replaces, whose generation the
  /// machine retired (an earlier deadline was filed while it slept), to cancel outside the
  /// lock.
  @inlinable
  func startTimer(_ generation: UInt64, in state: inout State) -> [RunTask] {
    let replaced = state.timerTask
    state.timerTask = Task { await self.runTimer(generation) }
    return replaced.map { [$0] } ?? []
  }

  /// Creates the run's task, chained after the key's newest run in flight so that runs of a
  /// key never overlap, and returns the superseded runs' tasks to cancel outside the lock.
  @inlinable
  func startRun(
    _ run: StartRun<NumberedValue>, forKey key: Key, in state: inout State
  ) -> [RunTask] {
    if let completedAtDispatch {
      return complete(run.ticket, forKey: key, with: completedAtDispatch, in: &state)
    }
    let superseded = state.tasks(of: run.superseding, forKey: key)
    let previous = state.runTasks[key]?.last
    let ticket = run.ticket
    state.runTasks[key, default: []].append(
      Task {
        await previous?.value
        await self.perform(ticket, forKey: key)
      })
    return superseded
  }

  /// A run of `key` with no work (see ``completedAtDispatch``): claimed and returned at once,
  /// its caller settled with `result`, and whatever its return starts, a next run of the key
  /// completed the same way. Returns a timer task the return replaced, to cancel outside the
  /// lock; what is to resume waits in the state for whoever releases the lock.
  @inlinable
  func complete(
    _ first: RunTicket<NumberedValue>, forKey key: Key, with result: RunResult,
    in state: inout State
  ) -> [RunTask] {
    precondition(
      state.runTasks[key] == nil,
      "Internal inconsistency in Settle: a run completed at dispatch found runs of its key in flight"
    )
    let now = clock.now
    var replaced: [RunTask] = []
    var ticket = first
    while true {
      if let value = state.machine.claim(ticket, forKey: key, at: now) {
        state.settledAtDispatch += state.sendWaiters.settle(key, result: result) {
          $0.input == value.number ? .ran : nil
        }
      }
      let next = state.machine.runReturned(ticket, forKey: key, at: now)
      switch next {
      case .startTimer(let generation), .startRunAndTimer(_, let generation):
        replaced += startTimer(generation, in: &state)
      case .none, .startRun:
        break
      }
      guard let run = next.run else { break }
      ticket = run.ticket
    }
    state.resumeAfterUnlock = true
    return replaced
  }

  // MARK: - Tasks

  @inlinable
  func runTimer(_ generation: UInt64) async {
    while true {
      let (next, superseded, waiters, completedRuns) = state.withLock {
        state -> (
          Machine.TimerStep.Next, [RunTask], [WaiterQueue<Void>.Continuation], Bool
        ) in
        let step = state.machine.timerWoke(generation: generation, at: clock.now)
        var superseded: [RunTask] = []
        for start in step.starts {
          superseded += startRun(start.run, forKey: start.key, in: &state)
        }
        let completedRuns = state.takeResumeAfterUnlock()
        switch step.next {
        case .stop:
          state.timerTask = nil
          return (step.next, superseded, state.quiescentWaiters { clock.now }, completedRuns)
        case .sleep:
          return (step.next, superseded, state.quiescentWaiters { clock.now }, completedRuns)
        case .retire:
          return (step.next, superseded, [], completedRuns)
        }
      }
      for task in superseded { task.cancel() }
      for waiter in waiters { waiter.resume() }
      if completedRuns { resumeAfterCompletedRuns() }
      switch next {
      case .sleep(let deadline):
        await clock.sleepForTimer(until: deadline, tolerance: tolerance)
      case .stop, .retire:
        return
      }
    }
  }

  @inlinable
  func perform(_ ticket: RunTicket<NumberedValue>, forKey key: Key) async {
    var covered: (newest: UInt64, result: RunResult)?
    if let action = state.withLock({ $0.action }) {
      covered = await claimAndRun(ticket, forKey: key, action: action, on: action.isolation)
    } else {
      // Released, so shut down: the ticket is void, but its claim still settles the books.
      state.withLock { state in
        precondition(
          state.machine.isShutDown,
          "Internal inconsistency in Settle: the action was released before shutdown")
        _ = state.machine.claim(ticket, forKey: key, at: clock.now)
      }
    }
    let (waiters, callers, superseded, released) = state.withLock { state in
      let next = state.machine.runReturned(ticket, forKey: key, at: clock.now)
      state.runTasks[key]?.removeFirst()
      if state.runTasks[key]?.isEmpty == true { state.runTasks[key] = nil }
      // A machine that starts the key's next run when this one returns (a rate limiter).
      let superseded = start(next, forKey: key, in: &state)
      let callers =
        covered.map {
          coveredSendWaiters(forKey: key, through: $0.newest, result: $0.result, in: &state)
        } ?? []
      // Every caller this run covered is settled, and the key's next run has not claimed yet
      // (it waits for this task): the key's mark answers nothing any more.
      if covered != nil { state.claimedThrough[key] = nil }
      // After a shutdown that ran the pending values, the last run lets the action go.
      var released: Action?
      if state.machine.isShutDown, state.machine.isIdle {
        released = state.action
        state.action = nil
      }
      return (state.settledWaiters { clock.now }, callers, superseded, released)
    }
    for task in superseded { task.cancel() }
    for waiter in waiters { waiter.resume() }
    for caller in callers { caller.resume() }
    _ = released
  }

  /// Runs on the action's isolation, so that the claim and the action's first synchronous
  /// steps happen in one turn of that actor, with no `send` in between.
  ///
  /// Returns the number of the newest input the run covered and what the action returned or
  /// threw, or `nil` when it did not start.
  @inlinable
  func claimAndRun(
    _ ticket: RunTicket<NumberedValue>,
    forKey key: Key,
    action: Action,
    on isolation: isolated (any Actor)?
  ) async -> (newest: UInt64, result: RunResult)? {
    let claimed = state.withLock { state -> NumberedValue? in
      guard let value = state.machine.claim(ticket, forKey: key, at: clock.now) else {
        return nil
      }
      if !state.sendWaiters.isEmpty { state.claimedThrough[key] = value.number }
      return value
    }
    guard let claimed else { return nil }
    let result = await RunningAction.run(for: ObjectIdentifier(self)) {
      await action(key, claimed.payload, isolation: isolation)
    }
    return (claimed.number, result)
  }
}

extension KeyedRuns {
  /// A keyed `@isolated(any)` action kept in a concrete struct, so that its function type never
  /// becomes a generic argument; the two-argument counterpart of ``IsolatedAction``, whose
  /// notes (the iOS 18 runtime, reflection) apply here alike.
  @usableFromInline
  package struct IsolatedKeyedAction: Sendable, IsolationMirroring {
    private let body: @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success

    /// Wraps `body`; its isolation is read from the closure itself.
    package init(
      _ body: @escaping @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success
    ) {
      self.body = body
    }

    /// The actor the action runs on, or `nil` for a nonisolated action.
    @usableFromInline
    package var isolation: (any Actor)? { body.isolation }

    /// Runs the action on its own isolation, starting from the caller's (see
    /// ``IsolatedAction/callAsFunction(_:isolation:)``), and returns what it returned or threw.
    @usableFromInline
    package func callAsFunction(
      _ key: Key, _ value: Value, isolation caller: isolated (any Actor)?
    ) async -> RunResult {
      do throws(Failure) {
        return .success(try await body(key, value))
      } catch {
        return .failure(error)
      }
    }
  }
}
