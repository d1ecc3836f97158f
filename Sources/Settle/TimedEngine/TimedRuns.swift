/// Applies a ``TimedStateMachine``'s decisions: one timer task per burst, one task per run,
/// runs that never overlap, and a currency check on the action's own isolation.
///
/// Guarantees it gives its owners (``Debouncer``, ``Throttler``, ``RateLimiter`` and the
/// sequence operators):
/// - `send` and `cancel` are synchronous; they take the lock, record, and at most create the
///   timer task and a run task. No task is created per input, and none per run for a rate
///   limiter without an action, whose runs complete at dispatch (``completedAtDispatch``).
/// - Tasks are cancelled, and continuations resumed, only after the lock is released.
/// - A run waits for the previous run's task to return before it claims, so actions never
///   overlap; the runs a new one supersedes have their tasks cancelled (see ``StartRun``).
/// - After ``shutDown()`` nothing starts, and values sent are dropped.
/// - With a ``Handover`` (the sequence operators), a run's value is handed over when it is
///   dispatched, and every event first does what the timer is due to do at the clock's
///   `now`: see ``Handover`` for that contract.
/// - Inputs are numbered as they are sent (see ``Numbered``), and every run knows the newest
///   input it covers: ``sendAndWait(_:)`` returns when the run covering its input returns,
///   and says how the input ended (``SendOutcome``).
/// - The claim happens on the action's isolation, immediately before the action is called:
///   when the caller and the action share an actor, a value superseded by a `send` or
///   `cancel` that returned earlier on that actor never starts.
///
/// ``send(_:)`` is `@inlinable`, down to the machine's `send` and the lock, so that it is
/// specialised for the owner's value and clock in the client's module: a send in a burst is
/// then a clock read, a lock and a few stores, with no generic metadata look-ups. The timer
/// task and each run's task (`startTimer`, `runTimer`, `startRun`, `perform`) are
/// `@inlinable` too: left generic in Settle, each of their steps asked the runtime for
/// generic metadata, some while holding the lock the next `send` waits for, and a run cost
/// about twice as much (Performance.md, "The timer and the runs, specialised").
@usableFromInline
package final class TimedRuns<
  Machine: TimedStateMachine, C: Clock, Success: Sendable, Failure: Error
>: Sendable
where
  Machine.Instant == C.Instant, Machine.Input: NumberedPayload, Machine.Value: NumberedPayload
{
  /// What the owner's `send` takes.
  @usableFromInline
  package typealias Input = Machine.Input.Payload
  /// What the owner's action receives.
  @usableFromInline
  package typealias Value = Machine.Value.Payload
  /// The work to run; its isolation is where claims happen. Wrapped as soon as it arrives,
  /// so that no generic position ever holds its function type (see ``IsolatedAction``).
  @usableFromInline
  package typealias Action = IsolatedAction<Value, Success, Failure>
  /// What a run's action returned or threw: what every caller the run covered receives.
  @usableFromInline package typealias RunResult = Result<Success, Failure>
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
  ///   at the clock's `now` (``TimedStateMachine/timerIsDue(at:)``), whether or not its task
  ///   has run yet.
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

  /// The machine, and the handles that applying its actions needs; nothing here decides.
  @usableFromInline
  struct State: EngineState {
    @usableFromInline
    var machine: Machine
    /// The action, until it is released: at shutdown, or when the last run in flight returns
    /// after a shutdown that ran the pending value. Not a second record of shutdown: that is
    /// ``RunLedger/isShutDown`` alone, and `nil` here follows from it.
    @usableFromInline
    var action: Action?
    /// The task of the machine's current timer: set exactly while the machine's timer is not
    /// `.stopped`.
    @usableFromInline
    var timerTask: RunTask?
    /// Timer tasks created so far: fewer than the machine's timers when a ``Handover`` did a
    /// new timer's work at once and it needed no task.
    @usableFromInline
    var timerTasksCreated: UInt64 = 0
    /// The tasks of the runs in flight, oldest first: tickets `returned + 1 ... issued` of
    /// the machine's ``RunLedger``, which runs return in order.
    @usableFromInline
    var runTasks: [RunTask] = []
    @usableFromInline
    var idleWaiters = WaiterQueue<Void>()
    @usableFromInline
    var quiescenceWaiters = WaiterQueue<Void>()
    /// Inputs numbered so far: the next send is number `sent + 1`.
    @usableFromInline
    var sent: UInt64 = 0
    /// The newest input number a claimed run covers; inputs up to it are settled when their
    /// runs return, the ones after it by a later run or a `cancel()`.
    @usableFromInline
    var claimedThrough: UInt64 = 0
    /// `sendAndWait` callers, each waiting for the input number it sent, and their outcomes.
    @usableFromInline var sendWaiters = SendWaiters<SendWaiter, RunResult>()
    /// A ``Handover`` recorded a value, the timer caught up, or runs completed at their
    /// dispatch, since the lock was taken: the caller completes the handover
    /// (``TimedRuns/completeHandover()``) once it has released the lock.
    @usableFromInline
    var resumeAfterUnlock = false
    @usableFromInline
    var settledAtDispatch: [WaiterQueue<SendWaiter>.Continuation] = []

    init(machine: Machine, action: Action?) {
      self.machine = machine
      self.action = action
    }

    /// The tasks of `tickets`, which must be in flight.
    @usableFromInline
    func tasks(of tickets: Range<UInt64>) -> ArraySlice<RunTask> {
      let first = machine.ledger.returned &+ 1
      precondition(
        tickets.isEmpty
          || (tickets.lowerBound >= first && tickets.upperBound <= first &+ UInt64(runTasks.count)),
        "Internal inconsistency in Settle: runs \(tickets) are not all in flight"
      )
      guard !tickets.isEmpty else { return [] }
      return runTasks[Int(tickets.lowerBound &- first)..<Int(tickets.upperBound &- first)]
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

  /// - Precondition: `tolerance` is `nil` or not negative.
  @usableFromInline
  package convenience init(
    machine: Machine,
    clock: C,
    tolerance: Duration? = nil,
    action: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) {
    self.init(
      machine: machine, clock: clock, tolerance: tolerance, action: IsolatedAction(action),
      handover: nil)
  }

  /// An engine whose runs are handed over at dispatch (see ``Handover``).
  ///
  /// - Precondition: `tolerance` is `nil` or not negative.
  package convenience init(
    machine: Machine, clock: C, tolerance: Duration? = nil, handover: Handover
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
    machine: Machine, clock: C, tolerance: Duration? = nil, completingRunsWith result: RunResult
  ) {
    self.init(
      machine: machine, clock: clock, tolerance: tolerance, action: nil, handover: nil,
      completedAtDispatch: result)
  }

  private init(
    machine: Machine, clock: C, tolerance: Duration?, action: Action?, handover: Handover?,
    completedAtDispatch: RunResult? = nil
  ) {
    C.checkTimerTolerance(tolerance)
    self.clock = clock
    self.tolerance = tolerance
    self.handover = handover
    self.completedAtDispatch = completedAtDispatch
    self.state = LockedState(State(machine: machine, action: action))
  }

  /// Whether a value is waiting to run.
  @usableFromInline
  package var isPending: Bool {
    state.withLock { $0.machine.isPending }
  }

  /// Whether nothing is pending and no run is under way: what `waitUntilIdle()` waits for.
  package var isIdle: Bool {
    state.withLock { $0.machine.isIdle }
  }

  @inlinable
  package func send(_ input: Input) {
    let (superseded, handoverPending) = state.withLock { state -> (ArraySlice<RunTask>, Bool) in
      (send(input, in: &state).superseded, state.takeResumeAfterUnlock())
    }
    for task in superseded { task.cancel() }
    if handoverPending { completeHandover() }
  }

  /// ``completeHandover()`` if a critical section since the last one left it to do: for a
  /// caller whose critical section could not say so, such as ``sendAndWait(_:)``'s.
  @usableFromInline
  func completeHandoverIfPending() {
    if state.withLock({ $0.takeResumeAfterUnlock() }) { completeHandover() }
  }

  /// With a ``Handover``: does what the timer is due to do at the clock's `now`, handing over
  /// what becomes due, so that an event that is not a `send` (a consumer asking for the next
  /// element) sees the same output whichever task ran first. Does nothing without one.
  @usableFromInline
  package func catchUp() {
    guard handover != nil else { return }
    let handoverPending = state.withLock { state -> Bool in
      let now = clock.now
      if state.machine.timerIsDue(at: now) { catchUpTimer(at: now, in: &state) }
      return state.takeResumeAfterUnlock()
    }
    if handoverPending { completeHandover() }
  }

  /// Does, on the caller's thread, the steps the timer task would take when it wakes at
  /// `now`: the runs it would start are handed over, and where it would sleep is recorded.
  /// Where the timer would stop and has a task, it stays awake for that task instead
  /// (``RunLedger/timerAwaitsItsTask(generation:)``): the task, due to wake, stops it or
  /// serves the next deadline, so that the send that follows does not start a second one.
  /// The task, when it runs, finds its generation current and does what is left; it repeats
  /// nothing. A timer the machine has just started has no task yet (see
  /// ``startTimer(_:at:in:)``): where it would stop, it stops.
  @usableFromInline
  func catchUpTimer(at now: C.Instant, in state: inout State) {
    guard !SeededFault.isSeeded(.sequenceTimerNotCaughtUp) else { return }
    let generation: UInt64
    switch state.machine.ledger.timer {
    case .stopped: return
    case .awake(let current), .asleep(let current): generation = current
    }
    // Read, not passed in: a timer has a task exactly when it is not new, and a flag a caller
    // could get wrong would keep a timer awake for a task that never comes.
    let hasTask = state.timerTask != nil
    while true {
      switch state.machine.timerWoke(generation: generation, at: now) {
      case .startRun(let run):
        _ = startRun(run, at: now, in: &state)  // sets `resumeAfterUnlock`
      case .stop:
        if hasTask { state.machine.ledger.timerAwaitsItsTask(generation: generation) }
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
  func completeHandover() {
    let (callers, waiters) = state.withLock { $0.takeSettled { clock.now } }
    for caller in callers { caller.resume() }
    for waiter in waiters { waiter.resume() }
    handover?.complete()
  }

  /// Numbers `input`, gives it to the machine and applies what it decides; returns the
  /// superseded runs' tasks, the input's number, and the number of the input a run
  /// dispatched by this send carries, if it dispatched one.
  @inlinable
  func send(_ input: Input, in state: inout State) -> (
    superseded: ArraySlice<RunTask>, number: UInt64, dispatched: UInt64?
  ) {
    state.sent &+= 1
    let number = state.sent
    let now = clock.now
    // A sequence operator first does what its timer is due to do (see `Handover`); an owner's
    // timer keeps its own pace, and its dispatched runs stay supersedable.
    if handover != nil, state.machine.timerIsDue(at: now) { catchUpTimer(at: now, in: &state) }
    let action = state.machine.send(Machine.Input(payload: input, number: number), at: now)
    // The common case inside a burst first, without a call: the value waits for the timer.
    if case .none = action { return ([], number, nil) }
    return (start(action, at: now, in: &state), number, action.run?.ticket.carried?.number)
  }

  /// Applies what the machine decided on an event at `now`: the run and the timer it starts.
  /// Returns the superseded runs' tasks, for the caller to cancel outside the lock.
  @inlinable
  func start(_ action: SendAction<Machine.Value>, at now: C.Instant, in state: inout State)
    -> ArraySlice<RunTask>
  {
    switch action {
    case .none:
      return []
    case .startTimer(let generation):
      startTimer(generation, at: now, in: &state)
      return []
    case .startRun(let run):
      // Here, not only in `startRun`, so that a place handed out at a send is specialised.
      if let completedAtDispatch {
        complete(run.ticket, with: completedAtDispatch, at: now, in: &state)
        return []
      }
      return startRun(run, at: now, in: &state)
    case .startRunAndTimer(let run, let generation):
      let superseded = startRun(run, at: now, in: &state)
      startTimer(generation, at: now, in: &state)
      return superseded
    }
  }

  /// Sends `input` and returns once the run that covers it has returned, with that run's
  /// result, or at once when no run will (see ``SendOutcome``).
  ///
  /// The send happens before the first suspension, in the caller's order with its other
  /// sends. When the calling task is cancelled, the input stays sent and the wait ends with
  /// `CancellationError`.
  @inlinable
  package func sendAndWait(
    _ input: Input
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    precondition(
      handover == nil,
      "Internal inconsistency in Settle: sendAndWait on an engine whose runs are handed over")
    guard completedAtDispatch != nil else { return try await sendAndWaitForRun(input) }
    // A run completed inside the send leaves its waiters to wake once the lock is released.
    defer { completeHandoverIfPending() }
    return try await sendAndWaitForRun(input)
  }

  /// ``sendAndWait(_:)`` but for what a run completed at dispatch leaves to do after it.
  @inlinable
  func sendAndWaitForRun(_ input: Input) async throws(CancellationError) -> SendSettlement<
    RunResult
  > {
    try await state.sendAndWait(group: SendWaiter.Group()) {
      state, id in
      let (superseded, sent, dispatched) = send(input, in: &state)
      if let completedAtDispatch, dispatched == sent {
        // Its run completed inside the send: the caller has its outcome without waiting.
        state.sendWaiters.settleAtOnce(
          id, in: SendWaiter.Group(),
          with: SendSettlement(outcome: .ran, result: completedAtDispatch))
        return (superseded, nil)
      }
      // Kept when it is the newest input of the value the machine holds, or of the run this
      // send dispatched; anything else was left out by the machine's rules.
      let kept = dispatched == sent || state.machine.heldValue?.number == sent
      return (superseded, kept ? SendWaiter(id: id, input: sent) : nil)
    }
  }

  /// The callers whose inputs a returned run covered: its newest input ran, earlier ones were
  /// superseded or folded into it. Each receives the run's `result`.
  @inlinable
  func coveredSendWaiters(
    through newest: UInt64, result: RunResult, in state: inout State
  ) -> [WaiterQueue<SendWaiter>.Continuation] {
    let earlier: SendOutcome = Machine.foldsInputs ? .folded : .superseded
    return state.sendWaiters.settle(SendWaiter.Group(), result: result) { waiter in
      guard waiter.input <= newest || SeededFault.isSeeded(.resultSettlesLaterCallers) else {
        return nil
      }
      return waiter.input == newest ? .ran : earlier
    }
  }

  /// The callers whose inputs no claimed run covers: a `cancel()` or shutdown dropped them.
  private func droppedSendWaiters(_ state: inout State) -> [WaiterQueue<SendWaiter>.Continuation] {
    let claimed = state.claimedThrough
    return state.sendWaiters.settle(SendWaiter.Group(), result: nil) { waiter in
      waiter.input > claimed ? .dropped : nil
    }
  }

  @usableFromInline
  package func cancel() {
    let (tasks, waiters) = state.withLock { state in
      let tasks = apply(state.machine.cancel(), in: &state)
      return (tasks, state.settledWaiters { clock.now } + droppedSendWaiters(&state))
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.resume() }
  }

  @usableFromInline
  package func flush() async {
    let awaited = startFlush()
    // From inside the action, the run awaited starts only after this action returns.
    guard !isRunningAction else { return }
    await awaited?.value
  }

  /// The synchronous part of ``flush()``: dispatches the pending value and returns the task
  /// that runs it (or the run already carrying it), without waiting. For callers that cannot
  /// wait, such as a view's Return key.
  @discardableResult
  package func startFlush() -> Task<Void, Never>? {
    let (awaited, superseded, handoverPending) = state.withLock {
      state -> (RunTask?, ArraySlice<RunTask>, Bool) in
      switch state.machine.flush() {
      case .startRun(let run):
        let superseded = startRun(run, at: clock.now, in: &state)
        return (state.runTasks.last, superseded, state.takeResumeAfterUnlock())
      case .awaitRun(let ticket):
        return (state.tasks(of: ticket..<(ticket &+ 1)).first, [], false)
      case .none:
        return (nil, [], false)
      }
    }
    for task in superseded { task.cancel() }
    if handoverPending { completeHandover() }
    return awaited
  }

  /// Whether the calling task is running this engine's action: then waiting for a run, or for
  /// idleness, would wait for the caller itself.
  @usableFromInline
  package var isRunningAction: Bool { RunningAction.isRunning(for: self) }

  @usableFromInline
  package func waitUntilIdle() async {
    await state.wait(in: \.idleWaiters, for: ()) {
      $0.machine.isIdle
        || (SeededFault.isSeeded(.idleWaitersResumedEarly) && !$0.machine.isPending)
    }
  }

  /// Runs the pending value, as `flush()` would, and lets every run in flight finish; the
  /// action is released when the last run returns (see ``perform(_:)``). The run tasks hold
  /// this engine, so it outlives its owner until then. Values sent afterwards are dropped.
  @usableFromInline
  package func shutDownRunningPending() {
    precondition(
      handover == nil,
      "Internal inconsistency in Settle: a shutdown that runs the pending value on an engine whose runs are handed over"
    )
    let (timer, waiters) = state.withLock { state -> (RunTask?, [WaiterQueue<Void>.Continuation]) in
      if case .startRun(let run) = state.machine.shutDownRunningPending() {
        // The runs this one supersedes are not cancelled: they finish first, then it runs.
        _ = startRun(run, at: clock.now, in: &state)
      }
      var waiters: [WaiterQueue<Void>.Continuation] = []
      if state.machine.ledger.activeRunCount == 0 {
        state.action = nil  // nothing was pending or running
        waiters = state.settledWaiters { clock.now }
      }
      // Woken now, the timer finds nothing left to time and stops.
      return (state.timerTask, waiters)
    }
    timer?.cancel()
    for waiter in waiters { waiter.resume() }
  }

  /// Cancels everything and releases the action; nothing starts afterwards, and values sent
  /// afterwards are dropped. One critical section, so no `send` slips in between.
  @usableFromInline
  package func shutDown() {
    let (tasks, waiters, action) = state.withLock { state in
      let tasks = apply(state.machine.shutDown(), in: &state)
      defer { state.action = nil }
      return (tasks, state.settledWaiters { clock.now } + droppedSendWaiters(&state), state.action)
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.resume() }
    // Released here, outside the lock, in case its captures run code in deinit.
    _ = action
  }

  // MARK: - Applying the machine's actions (called with the lock held)

  /// Forgets the timer task and returns it and the cancelled runs' tasks, for the caller to
  /// cancel outside the lock.
  private func apply(_ cancel: CancelAction, in state: inout State) -> [RunTask] {
    var tasks = Array(state.tasks(of: cancel.cancelling))
    if cancel.stopsTimer { tasks.append(state.takeStoppedTimerTask()) }
    return tasks
  }

  /// Creates the task of the timer the machine just started at `now`.
  ///
  /// With a ``Handover``, the timer's first step is taken here, at the same reading of the
  /// clock (see ``Handover``): a value already due, as with an interval of zero, is handed
  /// over at once, and a timer with nothing left to time then needs no task at all.
  @inlinable
  func startTimer(_ generation: UInt64, at now: C.Instant, in state: inout State) {
    precondition(
      state.timerTask == nil,
      "Internal inconsistency in Settle: timer \(generation) started while another runs"
    )
    if handover != nil {
      catchUpTimer(at: now, in: &state)
      guard state.machine.ledger.hasTimer else { return }
    }
    state.timerTasksCreated &+= 1
    state.timerTask = Task { await self.runTimer(generation) }
  }

  /// Creates the run's task, chained after the newest run in flight so that actions never
  /// overlap, and returns the superseded runs' tasks for the caller to cancel outside the lock.
  /// `now` is the clock's reading of the event that started it.
  @inlinable
  func startRun(_ run: StartRun<Machine.Value>, at now: C.Instant, in state: inout State)
    -> ArraySlice<RunTask>
  {
    if let handover {
      handOver(run.ticket, to: handover, at: now, in: &state)
      return []
    }
    if let completedAtDispatch {
      complete(run.ticket, with: completedAtDispatch, at: now, in: &state)
      return []
    }
    let previous = state.runTasks.last
    let ticket = run.ticket
    state.runTasks.append(
      Task {
        if !SeededFault.isSeeded(.overlappingRuns) { await previous?.value }
        await self.perform(ticket)
      })
    // Sliced after the append, so that the append does not copy the array the slice holds.
    return state.tasks(of: run.superseding)
  }

  /// A run with no work (see ``completedAtDispatch``): claimed and returned at once, its caller
  /// settled with `result`, and whatever its return starts, a next run completed the same way.
  /// What is to resume waits in the state for whoever releases the lock.
  @inlinable
  func complete(
    _ first: RunTicket<Machine.Value>, with result: RunResult, at now: C.Instant,
    in state: inout State
  ) {
    precondition(
      state.runTasks.isEmpty,
      "Internal inconsistency in Settle: a run completed at dispatch found runs in flight")
    var ticket = first
    while true {
      if let value = state.machine.claim(ticket, at: now) {
        state.claimedThrough = value.number
        state.settledAtDispatch += state.sendWaiters.settle(SendWaiter.Group(), result: result) {
          $0.input == value.number ? .ran : nil
        }
      }
      let next = state.machine.runReturned(ticket, at: now)
      switch next {
      case .startTimer(let generation), .startRunAndTimer(_, let generation):
        startTimer(generation, at: now, in: &state)
      case .none, .startRun:
        break
      }
      guard let run = next.run else { break }
      ticket = run.ticket
    }
    // The callers settled, and the idle waiters the return may satisfy, are for whoever
    // releases the lock (see `completeHandover()`).
    state.resumeAfterUnlock = true
  }

  /// A run of an engine with a ``Handover``: claimed, handed over and returned at once, so
  /// that no run is ever in flight outside the lock.
  @usableFromInline
  func handOver(
    _ ticket: RunTicket<Machine.Value>, to handover: Handover, at now: C.Instant,
    in state: inout State
  ) {
    precondition(
      state.runTasks.isEmpty,
      "Internal inconsistency in Settle: a handed-over run found runs in flight")
    if let value = state.machine.claim(ticket, at: now) {
      state.claimedThrough = value.number
      handover.record(value.payload)
    }
    // Only the machines of the sequence operators have a handover, and their runs' returns
    // start nothing: their sends and timers decide every run.
    guard case .none = state.machine.runReturned(ticket, at: now) else {
      preconditionFailure(
        "Internal inconsistency in Settle: a handed-over run's return started something")
    }
    state.resumeAfterUnlock = true
  }

  // MARK: - Tasks

  @inlinable
  func runTimer(_ generation: UInt64) async {
    while true {
      let (step, superseded, waiters, handoverPending) = state.withLock {
        state -> (
          TimerAction<C.Instant, Machine.Value>, ArraySlice<RunTask>,
          [WaiterQueue<Void>.Continuation], Bool
        ) in
        let now = clock.now
        let step = state.machine.timerWoke(generation: generation, at: now)
        switch step {
        case .startRun(let run):
          let superseded = startRun(run, at: now, in: &state)
          return (step, superseded, [], state.takeResumeAfterUnlock())
        case .stop:
          state.timerTask = nil
          return (step, [], state.quiescentWaiters { clock.now }, false)
        case .sleep:
          return (step, [], state.quiescentWaiters { clock.now }, false)
        case .retire:
          return (step, [], [], false)
        }
      }
      for task in superseded { task.cancel() }
      for waiter in waiters { waiter.resume() }
      if handoverPending { completeHandover() }
      switch step {
      case .sleep(let deadline):
        await clock.sleepForTimer(until: deadline, tolerance: tolerance)
      case .startRun:
        continue
      case .stop, .retire:
        return
      }
    }
  }

  @inlinable
  func perform(_ ticket: RunTicket<Machine.Value>) async {
    var covered: (newest: UInt64, result: RunResult)?
    if let action = state.withLock({ $0.action }) {
      covered = await claimAndRun(ticket, action: action, on: action.isolation)
    } else {
      // Released, so shut down: the ticket is void, but its claim still settles the books.
      state.withLock { state in
        precondition(
          state.machine.ledger.isShutDown,
          "Internal inconsistency in Settle: the action was released before shutdown")
        _ = state.machine.claim(ticket)
      }
    }
    let (waiters, superseded, released) = state.withLock { state in
      let now = clock.now
      let next = state.machine.runReturned(ticket, at: now)
      state.runTasks.removeFirst()
      // A machine that starts its next run when this one returns (a rate limiter's queue).
      let superseded = start(next, at: now, in: &state)
      let callers =
        covered.map { coveredSendWaiters(through: $0.newest, result: $0.result, in: &state) }
        ?? []
      // After a shutdown that ran the pending value, the last run to return lets the action go.
      var released: Action?
      if state.machine.ledger.isShutDown, state.machine.ledger.activeRunCount == 0 {
        released = state.action
        state.action = nil
      }
      return (state.settledWaiters { clock.now } + callers, superseded, released)
    }
    for task in superseded { task.cancel() }
    for waiter in waiters { waiter.resume() }
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
    _ ticket: RunTicket<Machine.Value>,
    action: Action,
    on isolation: isolated (any Actor)?
  ) async -> (newest: UInt64, result: RunResult)? {
    let claimed = state.withLock { state -> Machine.Value? in
      guard let value = state.machine.claim(ticket, at: clock.now) else { return nil }
      state.claimedThrough = value.number
      return value
    }
    guard let claimed else { return nil }
    let result = await RunningAction.run(for: ObjectIdentifier(self)) {
      await action(claimed.payload, isolation: isolation)
    }
    return (claimed.number, result)
  }
}
