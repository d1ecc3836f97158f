/// The one engine of every timed owner: applies a ``RunTable``'s decisions with one timer
/// task, one task per run, runs of a key that never overlap, and a currency check on the
/// action's own isolation.
///
/// Keys are a dimension of it. An unkeyed owner (``Debouncing``, ``Throttling``,
/// ``RateLimiting``, the sequence operators) is its single-key case, ``TimedRuns``, over a
/// ``SoleKeyMachine``; a keyed owner (``KeyedDebouncing``, ``KeyedThrottling``,
/// ``KeyedRateLimiting``) is ``KeyedRuns``, over a ``KeyedStateMachine``. Every rule below is
/// written here once, for both.
///
/// Guarantees it gives its owners:
/// - `send` and the cancels are synchronous; they take the lock, record, and at most create
///   the timer task and a run task. No task is created per input or per key, and none per run
///   for a rate limiter without an action, whose runs complete at dispatch
///   (``completedAtDispatch``).
/// - Tasks are cancelled, and continuations resumed, only after the lock is released; the
///   action is called outside the lock.
/// - A run of a key waits for the previous run of that key to return before it claims, so a
///   key's actions never overlap; the runs a new one supersedes have their tasks cancelled
///   (see ``StartRun``). Runs of different keys are unrelated.
/// - After ``shutDown()`` nothing starts, and values sent are dropped.
/// - With a ``Handover`` (the sequence operators), a run's value is handed over when it is
///   dispatched, and every event first does what the timer is due to do at the clock's
///   `now`: see ``Handover`` for that contract.
/// - Inputs are numbered as they are sent (see ``Numbered``), and every run knows the newest
///   input it covers: ``sendAndWait(_:forKey:)`` returns when the run covering its input
///   returns, and says how the input ended (``SendOutcome``).
/// - The claim happens on the action's isolation, immediately before the action is called:
///   when the caller and the action share an actor, a value superseded by a `send` or a
///   cancel that returned earlier on that actor never starts.
///
/// `send` is `@inlinable`, down to the table's `send` and the lock, so that it is specialised
/// for the owner's value and clock in the client's module: a send in a burst is then a clock
/// read, a lock and a few stores, with no generic metadata look-ups. The timer task and each
/// run's task (`startTimer`, `runTimer`, `startRun`, `perform`) are `@inlinable` too: left
/// generic in Settle, each of their steps asked the runtime for generic metadata, some while
/// holding the lock the next `send` waits for, and a run cost about twice as much
/// (Performance.md, "The timer and the runs, specialised").
@usableFromInline
package final class PacedRuns<Table: RunTable, C: Clock, Action: RunAction>: Sendable
where
  Table.Instant == C.Instant, Action.Key == Table.Key,
  Action.Value == Table.KeyMachine.Value.Payload
{
  @usableFromInline
  package typealias Key = Table.Key
  /// What the owner's `send` takes.
  @usableFromInline
  package typealias Input = Table.KeyMachine.Input.Payload
  /// What the owner's action receives.
  @usableFromInline
  package typealias Value = Table.KeyMachine.Value.Payload
  /// A run's value with the number of the newest input it covers, as the table holds it.
  @usableFromInline
  typealias NumberedValue = Table.KeyMachine.Value
  @usableFromInline
  package typealias Success = Action.Success
  /// What a run's action returned or threw: what every caller the run covered receives.
  @usableFromInline package typealias RunResult = Result<Action.Success, Action.Failure>
  @usableFromInline
  typealias RunTask = Task<Void, Never>

  /// How the sequence operators receive runs: at dispatch, under the engine's lock, in
  /// dispatch order, with no task and no claim in between.
  ///
  /// An owner's run is a task that claims on the action's isolation, so that a `send` on that
  /// isolation still supersedes a value dispatched but not started ("Cancellation and stale
  /// results"). A sequence has no caller on the other side to supersede anything: the
  /// element's arrival is what the consumer waits for. So an engine with a handover
  ///
  /// - hands each run's value to ``record`` the moment it is dispatched, where no later
  ///   `send` can reach it; and
  /// - before every `send` and every ``catchUp()``, first does what the timer is due to do
  ///   at the clock's `now` (``RunTable/timerIsDue(at:)``), whether or not its task has run
  ///   yet.
  ///
  /// Together they make the output a function of the order of the events and the clock's
  /// readings, never of which task the executor runs first: a value whose deadline the clock
  /// has passed is emitted before the element that arrives next. On a `ManualClock`, that is
  /// what makes a test's order of calls decide what the consumer gets.
  @usableFromInline
  package struct Handover: Sendable {
    /// Takes a value that became due; called with the engine's lock held, so it may take a
    /// lock of its own but must resume nothing.
    let record: @Sendable (Value) -> Void
    /// Resumes what ``record`` left to resume; called after the lock is released, whenever
    /// ``record`` was called or the timer caught up in that critical section.
    let complete: @Sendable () -> Void

    package init(
      record: @escaping @Sendable (Value) -> Void, complete: @escaping @Sendable () -> Void
    ) {
      self.record = record
      self.complete = complete
    }
  }

  @usableFromInline
  let state: LockedState<State>
  @usableFromInline
  let clock: C
  /// Passed to every sleep of the timer, so that the system may coalesce its wake-ups.
  @usableFromInline
  let tolerance: Duration?
  /// Set for a sequence operator, whose runs are handed over at dispatch; `nil` for an owner,
  /// whose runs are tasks.
  @usableFromInline
  let handover: Handover?
  /// Set for an engine whose runs have no work (a rate limiter that hands out places): each run
  /// completes when it is dispatched, under the lock, with this result, and no task is
  /// created for it. `nil` for an engine whose runs are tasks.
  @usableFromInline
  let completedAtDispatch: RunResult?

  /// An engine whose runs call `action`.
  ///
  /// - Precondition: `tolerance` is `nil` or not negative.
  @usableFromInline
  package convenience init(
    machine: Table, clock: C, tolerance: Duration? = nil, action: Action
  ) {
    self.init(machine: machine, clock: clock, tolerance: tolerance, action: action, handover: nil)
  }

  /// An engine whose runs are handed over at dispatch (see ``Handover``).
  ///
  /// - Precondition: `tolerance` is `nil` or not negative.
  package convenience init(
    machine: Table, clock: C, tolerance: Duration? = nil, handover: Handover
  ) {
    self.init(machine: machine, clock: clock, tolerance: tolerance, action: nil, handover: handover)
  }

  /// An engine whose runs have no work: each completes at its dispatch with `result` (see
  /// ``completedAtDispatch``), so that a caller waiting for a place learns it has one in the
  /// critical section that gave it, with no task in between.
  ///
  /// - Precondition: `tolerance` is `nil` or not negative.
  @usableFromInline
  package convenience init(
    machine: Table, clock: C, tolerance: Duration? = nil, completingRunsWith result: RunResult
  ) {
    self.init(
      machine: machine, clock: clock, tolerance: tolerance, action: nil, handover: nil,
      completedAtDispatch: result)
  }

  private init(
    machine: Table, clock: C, tolerance: Duration?, action: Action?, handover: Handover?,
    completedAtDispatch: RunResult? = nil
  ) {
    C.checkTimerTolerance(tolerance)
    self.clock = clock
    self.tolerance = tolerance
    self.handover = handover
    self.completedAtDispatch = completedAtDispatch
    self.state = LockedState(State(machine: machine, action: action))
  }

  /// Whether a value of `key` is waiting to run.
  @usableFromInline
  package func isPending(forKey key: Key) -> Bool {
    state.withLock { $0.machine.isPending(forKey: key) }
  }

  /// Whether nothing is pending and no run is under way: what `waitUntilIdle()` waits for.
  package var isIdle: Bool {
    state.withLock { $0.machine.isIdle }
  }

  @inlinable
  package func send(_ input: Input, forKey key: Key) {
    let (superseded, resume) = state.withLock { state -> ([RunTask], Bool) in
      (send(input, forKey: key, in: &state).superseded, state.takeResumeAfterUnlock())
    }
    for task in superseded { task.cancel() }
    if resume { resumeDeferred() }
  }

  /// ``resumeDeferred()`` if a critical section since the last one left it to do: for a
  /// caller whose critical section could not say so, such as ``sendAndWait(_:forKey:)``'s.
  @usableFromInline
  func resumeDeferredIfPending() {
    if state.withLock({ $0.takeResumeAfterUnlock() }) { resumeDeferred() }
  }

  /// With a ``Handover``: does what the timer is due to do at the clock's `now`, handing over
  /// what becomes due, so that an event that is not a `send` (a consumer asking for the next
  /// element) sees the same output whichever task ran first. Does nothing without one.
  @usableFromInline
  package func catchUp() {
    guard handover != nil else { return }
    let resume = state.withLock { state -> Bool in
      let now = clock.now
      if state.machine.timerIsDue(at: now) { catchUpTimer(at: now, in: &state) }
      return state.takeResumeAfterUnlock()
    }
    if resume { resumeDeferred() }
  }

  /// Does, on the caller's thread, the steps the timer task would take when it wakes at
  /// `now`: the runs it would start are handed over, and where it would sleep is recorded.
  /// Where the timer would stop and has a task, it stays awake for that task instead
  /// (``RunTable/timerAwaitsItsTask(generation:)``): the task, due to wake, stops it or
  /// serves the next deadline, so that the send that follows does not start a second one.
  /// The task, when it runs, finds its generation current and does what is left; it repeats
  /// nothing. A timer the table has just started has no task yet (see
  /// ``startTimer(_:at:in:)``): where it would stop, it stops.
  @usableFromInline
  func catchUpTimer(at now: C.Instant, in state: inout State) {
    guard !SeededFault.isSeeded(.sequenceTimerNotCaughtUp) else { return }
    guard let generation = state.machine.timerGeneration else { return }
    // Read, not passed in: a timer has a task exactly when it is not new, and a flag a caller
    // could get wrong would keep a timer awake for a task that never comes.
    let hasTask = state.timerTask != nil
    while true {
      let step = state.machine.timerWoke(generation: generation, at: now)
      for start in step.starts {
        _ = startRun(start.run, forKey: start.key, at: now, in: &state)  // sets `resumeAfterUnlock`
      }
      switch step.next {
      case .wakeAgain:
        continue
      case .stop:
        if hasTask { state.machine.timerAwaitsItsTask(generation: generation) }
        return
      case .sleep:
        // A running timer that goes back to sleep may leave the engine quiescent; a new one
        // was started from a quiescent engine and leaves it so.
        if hasTask { state.resumeAfterUnlock = true }
        return
      case .retire:
        return
      }
    }
  }

  /// After a critical section that handed values over, caught the timer up or completed runs
  /// at their dispatch: resumes the callers those runs settled, wakes the waiters that may now
  /// be due, then lets the handover, if any, resume its consumer.
  @usableFromInline
  func resumeDeferred() {
    let (callers, waiters) = state.withLock { $0.takeSettled { clock.now } }
    for caller in callers { caller.resume() }
    for waiter in waiters { waiter.resume() }
    handover?.complete()
  }

  /// Numbers `input`, gives it to the table for `key` and applies what it decides; returns the
  /// superseded runs' tasks, the input's number, and the number of the input a run
  /// dispatched by this send carries, if it dispatched one.
  @inlinable
  func send(_ input: Input, forKey key: Key, in state: inout State) -> (
    superseded: [RunTask], number: UInt64, dispatched: UInt64?
  ) {
    state.sent &+= 1
    let number = state.sent
    let now = clock.now
    // A sequence operator first does what its timer is due to do (see `Handover`); an owner's
    // timer keeps its own pace, and its dispatched runs stay supersedable.
    if handover != nil, state.machine.timerIsDue(at: now) { catchUpTimer(at: now, in: &state) }
    let action = state.machine.send(
      Table.KeyMachine.Input(payload: input, number: number), forKey: key, at: now)
    // The common case inside a burst first, without a call: the value waits for the timer.
    if case .none = action { return ([], number, nil) }
    return (
      start(action, forKey: key, at: now, in: &state), number, action.run?.ticket.carried?.number
    )
  }

  /// Applies what the table decided on an event of `key` at `now`: the run and the timer it
  /// starts. Returns the tasks to cancel outside the lock: superseded runs, a replaced timer.
  ///
  /// The run starts before the timer: a run completed at its dispatch may start a newer timer
  /// as it returns, and the older generation then starts no task (see ``startTimer(_:at:in:)``).
  @inlinable
  func start(
    _ action: SendAction<NumberedValue>, forKey key: Key, at now: C.Instant, in state: inout State
  ) -> [RunTask] {
    switch action {
    case .none:
      return []
    case .startTimer(let generation):
      return startTimer(generation, at: now, in: &state)
    case .startRun(let run):
      // Here, not only in `startRun`, so that a place handed out at a send is specialised.
      if let completedAtDispatch {
        return complete(run.ticket, forKey: key, with: completedAtDispatch, at: now, in: &state)
      }
      return startRun(run, forKey: key, at: now, in: &state)
    case .startRunAndTimer(let run, let generation):
      let superseded = startRun(run, forKey: key, at: now, in: &state)
      return superseded + startTimer(generation, at: now, in: &state)
    }
  }

  /// Sends `input` for `key` and returns once the key's run that covers it has returned, with
  /// that run's result, or at once when no run will (see ``SendOutcome``).
  ///
  /// The send happens before the first suspension, in the caller's order with its other
  /// sends. When the calling task is cancelled, the input stays sent and the wait ends with
  /// `CancellationError`.
  @inlinable
  package func sendAndWait(
    _ input: Input, forKey key: Key
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    precondition(
      handover == nil,
      "Internal inconsistency in Settle: sendAndWait on an engine whose runs are handed over")
    guard completedAtDispatch != nil else { return try await sendAndWaitForRun(input, forKey: key) }
    // A run completed inside the send leaves its waiters to wake once the lock is released.
    defer { resumeDeferredIfPending() }
    return try await sendAndWaitForRun(input, forKey: key)
  }

  /// ``sendAndWait(_:forKey:)`` but for what a run completed at dispatch leaves to do after it.
  @inlinable
  func sendAndWaitForRun(
    _ input: Input, forKey key: Key
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    try await sendAndWait(inQueueOf: key) { state, id in
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
      return (superseded, kept ? SendWaiter(id: id, key: key, input: sent) : nil)
    }
  }

  /// The callers of `key` whose inputs a returned run covered: its newest input ran, earlier
  /// ones were superseded or folded into it. Each receives the run's `result`.
  @inlinable
  func coveredSendWaiters(
    forKey key: Key, through newest: UInt64, result: RunResult, in state: inout State
  ) -> [WaiterQueue<SendWaiter<Key>>.Continuation] {
    let earlier: SendOutcome = Table.KeyMachine.foldsInputs ? .folded : .superseded
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
  ) -> [WaiterQueue<SendWaiter<Key>>.Continuation] {
    let claimed = state.claimedThrough
    return state.sendWaiters.settle(key, result: nil) { waiter in
      waiter.input > claimed[waiter.key, default: 0] ? .dropped : nil
    }
  }

  @usableFromInline
  package func cancel(forKey key: Key) {
    let (tasks, waiters, callers) = state.withLock { state in
      let cancel = state.machine.cancel(forKey: key)
      var tasks = state.tasks(of: cancel.cancelling, forKey: key)
      if cancel.stopsTimer { tasks.append(state.takeStoppedTimerTask()) }
      return (
        tasks, state.settledWaiters { clock.now }, droppedSendWaiters(forKey: key, in: &state)
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

  /// Runs `key`'s pending value now and waits for it; a value already dispatched with its run
  /// is awaited.
  @usableFromInline
  package func flush(forKey key: Key) async {
    let awaited = startFlush(forKey: key)
    // From inside the action, the run awaited starts only after this action returns.
    guard !isRunningAction else { return }
    await awaited?.value
  }

  /// The synchronous part of ``flush(forKey:)``: dispatches `key`'s pending value and returns
  /// the task that runs it (or the run already carrying it), without waiting. For callers
  /// that cannot wait, such as a view's Return key.
  @discardableResult
  package func startFlush(forKey key: Key) -> Task<Void, Never>? {
    let (awaited, superseded, resume) = state.withLock {
      state -> (RunTask?, [RunTask], Bool) in
      let now = clock.now
      let (awaited, superseded) = apply(
        state.machine.flush(forKey: key, at: now), forKey: key, at: now, in: &state)
      return (awaited, superseded, state.takeResumeAfterUnlock())
    }
    for task in superseded { task.cancel() }
    if resume { resumeDeferred() }
    return awaited
  }

  /// Runs every key's pending value now and waits for them all.
  @usableFromInline
  package func flush() async {
    let (awaited, superseded, resume) = state.withLock {
      state -> ([RunTask], [RunTask], Bool) in
      let now = clock.now
      var awaited: [RunTask] = []
      var superseded: [RunTask] = []
      for (key, action) in state.machine.flush(at: now) {
        let (task, cancelled) = apply(action, forKey: key, at: now, in: &state)
        if let task { awaited.append(task) }
        superseded += cancelled
      }
      return (awaited, superseded, state.takeResumeAfterUnlock())
    }
    for task in superseded { task.cancel() }
    if resume { resumeDeferred() }
    // From inside the action, the runs awaited start only after this action returns.
    guard !isRunningAction else { return }
    for task in awaited { await task.value }
  }

  /// Whether the calling task is running this engine's action: then waiting for a run, or for
  /// idleness, would wait for the caller itself.
  @usableFromInline
  package var isRunningAction: Bool { RunningAction.isRunning(for: self) }

  @usableFromInline
  package func waitUntilIdle() async {
    await state.wait(in: \.idleWaiters, for: ()) {
      $0.machine.isIdle
        || (SeededFault.isSeeded(.idleWaitersResumedEarly) && $0.machine.runsInFlight > 0)
    }
  }

  /// Runs every key's pending value, as `flush()` would, and lets every run in flight finish;
  /// the action is released when the last run returns (see ``perform(_:forKey:)``). The run
  /// tasks hold this engine, so it outlives its owner until then. Values sent afterwards are
  /// dropped.
  @usableFromInline
  package func shutDownRunningPending() {
    precondition(
      handover == nil,
      "Internal inconsistency in Settle: a shutdown that runs the pending value on an engine whose runs are handed over"
    )
    let (timer, waiters, resume) = state.withLock {
      state -> (RunTask?, [WaiterQueue<Void>.Continuation], Bool) in
      let now = clock.now
      for (key, action) in state.machine.shutDownRunningPending(at: now) {
        // The runs this one supersedes are not cancelled: they finish first, then it runs.
        if case .startRun(let run) = action { _ = startRun(run, forKey: key, at: now, in: &state) }
      }
      // Woken now, the timer finds nothing left to time: a single key's timer stops, a table's
      // shared one, already stopped, retires.
      let timer = state.timerTask
      if state.machine.timerGeneration == nil { state.timerTask = nil }
      var waiters: [WaiterQueue<Void>.Continuation] = []
      if state.machine.runsInFlight == 0 {
        state.action = nil  // nothing was pending or running
        waiters = state.settledWaiters { clock.now }
      }
      return (timer, waiters, state.takeResumeAfterUnlock())
    }
    timer?.cancel()
    for waiter in waiters { waiter.resume() }
    if resume { resumeDeferred() }
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

  // MARK: - Applying the table's actions (called with the lock held)

  /// Forgets the timer task and returns it and the cancelled runs' tasks, for the caller to
  /// cancel outside the lock.
  private func apply(_ cancel: CancelEveryKey<Key>, in state: inout State) -> [RunTask] {
    var tasks: [RunTask] = []
    for (key, tickets) in cancel.cancelling {
      tasks += state.tasks(of: tickets, forKey: key)
    }
    if cancel.stopsTimer { tasks.append(state.takeStoppedTimerTask()) }
    return tasks
  }

  /// Starts or finds the run a flush waits for; returns it and the tasks to cancel.
  private func apply(
    _ flush: FlushAction<NumberedValue>, forKey key: Key, at now: C.Instant,
    in state: inout State
  ) -> (RunTask?, [RunTask]) {
    switch flush {
    case .startRun(let run):
      let superseded = startRun(run, forKey: key, at: now, in: &state)
      return (state.runTasks[tasksOf: key].last, superseded)
    case .awaitRun(let ticket):
      return (state.tasks(of: ticket..<(ticket &+ 1), forKey: key).first, [])
    case .none:
      return (nil, [])
    }
  }

  /// Creates the task of the timer the table just started at `now`; returns the task it
  /// replaces (a shared timer's, whose generation the table retired when an earlier deadline
  /// was filed; see ``RunTable/replacesTimerTasks``), to cancel outside the lock.
  ///
  /// A generation the table has already replaced starts nothing: a run completed at dispatch
  /// may have started a newer one first. With a ``Handover``, the timer's first step is taken
  /// here, at the same reading of the clock (see ``Handover``): a value already due, as with
  /// an interval of zero, is handed over at once, and a timer with nothing left to time then
  /// needs no task at all.
  @inlinable
  func startTimer(_ generation: UInt64, at now: C.Instant, in state: inout State) -> [RunTask] {
    guard state.machine.timerGeneration == generation else { return [] }
    precondition(
      Table.replacesTimerTasks || state.timerTask == nil,
      "Internal inconsistency in Settle: timer \(generation) started while another runs")
    if handover != nil {
      catchUpTimer(at: now, in: &state)
      guard state.machine.timerGeneration == generation else { return [] }
    }
    let replaced = state.timerTask
    state.timerTasksCreated &+= 1
    state.timerTask = Task { await self.runTimer(generation) }
    return replaced.map { [$0] } ?? []
  }

  /// Creates the run's task, chained after the key's newest run in flight so that runs of a
  /// key never overlap, and returns the superseded runs' tasks to cancel outside the lock.
  /// `now` is the clock's reading of the event that started it.
  @inlinable
  func startRun(
    _ run: StartRun<NumberedValue>, forKey key: Key, at now: C.Instant, in state: inout State
  ) -> [RunTask] {
    if let handover {
      handOver(run.ticket, forKey: key, to: handover, at: now, in: &state)
      return []
    }
    if let completedAtDispatch {
      return complete(run.ticket, forKey: key, with: completedAtDispatch, at: now, in: &state)
    }
    let superseded = state.tasks(of: run.superseding, forKey: key)
    let previous = state.runTasks[tasksOf: key].last
    let ticket = run.ticket
    state.runTasks.append(
      Task {
        if !SeededFault.isSeeded(.overlappingRuns) { await previous?.value }
        await self.perform(ticket, forKey: key)
      }, forKey: key)
    return superseded
  }

  /// A run of `key` with no work (see ``completedAtDispatch``): claimed and returned at once,
  /// its caller settled with `result`, and whatever its return starts, a next run of the key
  /// completed the same way. Returns a timer task the return replaced, to cancel outside the
  /// lock; what is to resume waits in the state for whoever releases the lock.
  @inlinable
  func complete(
    _ first: RunTicket<NumberedValue>, forKey key: Key, with result: RunResult,
    at now: C.Instant, in state: inout State
  ) -> [RunTask] {
    precondition(
      state.runTasks[tasksOf: key].isEmpty,
      "Internal inconsistency in Settle: a run completed at dispatch found runs of its key in flight"
    )
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
        replaced += startTimer(generation, at: now, in: &state)
      case .none, .startRun:
        break
      }
      guard let run = next.run else { break }
      ticket = run.ticket
    }
    // The callers settled, and the idle waiters the return may satisfy, are for whoever
    // releases the lock (see `resumeDeferred()`).
    state.resumeAfterUnlock = true
    return replaced
  }

  /// A run of an engine with a ``Handover``: claimed, handed over and returned at once, so
  /// that no run is ever in flight outside the lock.
  @usableFromInline
  func handOver(
    _ ticket: RunTicket<NumberedValue>, forKey key: Key, to handover: Handover,
    at now: C.Instant, in state: inout State
  ) {
    precondition(
      state.runTasks.isEmpty,
      "Internal inconsistency in Settle: a handed-over run found runs in flight")
    if let value = state.machine.claim(ticket, forKey: key, at: now) {
      handover.record(value.payload)
    }
    // Only the machines of the sequence operators have a handover, and their runs' returns
    // start nothing: their sends and timers decide every run.
    guard case .none = state.machine.runReturned(ticket, forKey: key, at: now) else {
      preconditionFailure(
        "Internal inconsistency in Settle: a handed-over run's return started something")
    }
    state.resumeAfterUnlock = true
  }

  // MARK: - Tasks

  @inlinable
  func runTimer(_ generation: UInt64) async {
    while true {
      let (next, superseded, waiters, resume) = state.withLock {
        state -> (
          TimerStep<Key, NumberedValue, C.Instant>.Next, [RunTask],
          [WaiterQueue<Void>.Continuation], Bool
        ) in
        let now = clock.now
        let step = state.machine.timerWoke(generation: generation, at: now)
        var superseded: [RunTask] = []
        for start in step.starts {
          superseded += startRun(start.run, forKey: start.key, at: now, in: &state)
        }
        let resume = state.takeResumeAfterUnlock()
        switch step.next {
        case .stop:
          // Unless a run completed in this step started a newer timer, whose task stays.
          if state.machine.timerGeneration == nil { state.timerTask = nil }
          return (step.next, superseded, state.quiescentWaiters { clock.now }, resume)
        case .sleep:
          return (step.next, superseded, state.quiescentWaiters { clock.now }, resume)
        case .wakeAgain, .retire:
          return (step.next, superseded, [], resume)
        }
      }
      for task in superseded { task.cancel() }
      for waiter in waiters { waiter.resume() }
      if resume { resumeDeferred() }
      switch next {
      case .sleep(let deadline):
        await clock.sleepForTimer(until: deadline, tolerance: tolerance)
      case .wakeAgain:
        continue
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
      let now = clock.now
      let next = state.machine.runReturned(ticket, forKey: key, at: now)
      state.runTasks.removeFirst(forKey: key)
      // A table that starts the key's next run when this one returns (a rate limiter's queue).
      let superseded = start(next, forKey: key, at: now, in: &state)
      let callers =
        covered.map {
          coveredSendWaiters(forKey: key, through: $0.newest, result: $0.result, in: &state)
        } ?? []
      // Every caller this run covered is settled, and the key's next run has not claimed yet
      // (it waits for this task): the key's mark answers nothing any more.
      if covered != nil { state.claimedThrough[key] = nil }
      // After a shutdown that ran the pending values, the last run to return lets the action go.
      var released: Action?
      if state.machine.isShutDown, state.machine.runsInFlight == 0 {
        released = state.action
        state.action = nil
      }
      return (state.settledWaiters { clock.now }, callers, superseded, released)
    }
    for task in superseded { task.cancel() }
    for waiter in waiters { waiter.resume() }
    for caller in callers { caller.resume() }
    // Released here, outside the lock, in case its captures run code in deinit.
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
