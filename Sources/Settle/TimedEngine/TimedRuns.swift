/// Applies a ``TimedStateMachine``'s decisions: one timer task per burst, one task per run,
/// runs that never overlap, and a currency check on the action's own isolation.
///
/// Guarantees it gives its owners (``Debouncer``, ``Throttler`` and the sequence operators):
/// - `send` and `cancel` are synchronous; they take the lock, record, and at most create the
///   timer task or a run task. No task is created per input.
/// - Tasks are cancelled, and continuations resumed, only after the lock is released.
/// - A run waits for the previous run's task to return before it claims, and every earlier
///   run is cancelled when a new run is dispatched, so actions never overlap.
/// - The claim happens on the action's isolation, immediately before the action is called:
///   when the caller and the action share an actor, a value superseded by a `send` or
///   `cancel` that returned earlier on that actor never starts.
///
/// ``send(_:)`` is `@inlinable`, down to the machine's `send` and the lock, so that it is
/// specialised for the owner's value and clock in the client's module: a send in a burst is
/// then a clock read, a lock and a few stores, with no generic metadata look-ups. What it
/// calls only at the start of a burst or a run (`startTimer`, `startRun`) stays out of line.
@usableFromInline
package final class TimedRuns<Machine: TimedStateMachine, C: Clock>: Sendable
where Machine.Instant == C.Instant, Machine.Value: Sendable, Machine.Claim: Sendable {
  /// The work to run; its isolation is where claims happen. Wrapped as soon as it arrives,
  /// so that no generic position ever holds its function type (see ``IsolatedAction``).
  package typealias Action = IsolatedAction<Machine.Value>

  @usableFromInline
  struct State {
    @usableFromInline
    var machine: Machine
    /// Dropped on shutdown so the closure and what it captures are released at once.
    var action: Action?
    var timer: (generation: UInt64, task: Task<Void, Never>)?
    var runs: [UInt64: Task<Void, Never>] = [:]
    var latestRun: Task<Void, Never>?
    var idleWaiters = WaiterQueue<Void>()
    var timersStarted = 0
    /// Where the timer is headed, set in the same critical section that decides the sleep.
    var timerSleepsUntil: C.Instant?
    var quiescenceWaiters = WaiterQueue<Void>()
  }

  @usableFromInline
  let state: LockedState<State>
  @usableFromInline
  let clock: C

  package init(
    machine: Machine,
    clock: C,
    action: @escaping @Sendable @isolated(any) (Machine.Value) async -> Void
  ) {
    self.clock = clock
    self.state = LockedState(State(machine: machine, action: IsolatedAction(action)))
  }

  /// Whether a value is waiting to run.
  package var isPending: Bool {
    state.withLock { $0.machine.isPending }
  }

  @inlinable
  package func send(_ value: Machine.Value) {
    let superseded = state.withLock { state -> [Task<Void, Never>] in
      let action = state.machine.send(value, at: clock.now)
      if let generation = action.startTimer { startTimer(generation, in: &state) }
      guard let ticket = action.run else { return [] }
      return startRun(ticket, in: &state)
    }
    for task in superseded { task.cancel() }
  }

  package func cancel() {
    let (tasks, waiters) = state.withLock { state in
      _ = state.machine.cancel()
      var tasks = Array(state.runs.values)
      if let timer = state.timer {
        tasks.append(timer.task)
        state.timer = nil
      }
      state.timerSleepsUntil = nil
      return (tasks, settledWaiters(&state))
    }
    for task in tasks { task.cancel() }
    for waiter in waiters { waiter.resume() }
  }

  package func flush() async {
    let (run, superseded) = state.withLock { state -> (Task<Void, Never>?, [Task<Void, Never>]) in
      switch state.machine.flush() {
      case .run(let ticket):
        let superseded = startRun(ticket, in: &state)
        return (state.latestRun, superseded)
      case .awaitLatestRun:
        return (state.latestRun, [])
      case .none:
        return (nil, [])
      }
    }
    for task in superseded { task.cancel() }
    await run?.value
  }

  /// No run is in flight and the timer, if any, sleeps toward a deadline ahead of the clock.
  func isQuiescent(_ state: State) -> Bool {
    guard state.machine.activeRunCount == 0 else { return false }
    guard state.timer != nil else { return true }
    return state.timerSleepsUntil.map { $0 > clock.now } ?? false
  }

  /// Wakes quiescence waiters when the state allows it; call with the lock held, resume after.
  private func quiescentWaiters(_ state: inout State) -> [WaiterQueue<Void>.Continuation] {
    guard !state.quiescenceWaiters.isEmpty, isQuiescent(state) else { return [] }
    return state.quiescenceWaiters.removeSatisfied { true }
  }

  /// Wakes the idle and quiescence waiters the state now allows, after a cancel or a finished
  /// run; call with the lock held, resume after.
  private func settledWaiters(_ state: inout State) -> [WaiterQueue<Void>.Continuation] {
    let idle = state.machine.isIdle ? state.idleWaiters.removeSatisfied { true } : []
    return idle + quiescentWaiters(&state)
  }

  package func waitUntilIdle() async {
    await state.wait(in: \.idleWaiters, for: ()) { $0.machine.isIdle }
  }

  /// Cancels everything and releases the action; nothing starts afterwards.
  package func shutdown() {
    cancel()
    let action = state.withLock { state -> Action? in
      defer { state.action = nil }
      return state.action
    }
    // Released here, outside the lock, in case its captures run code in deinit.
    _ = action
  }

  // MARK: - Applying the machine's actions (called with the lock held)

  @usableFromInline
  func startTimer(_ generation: UInt64, in state: inout State) {
    state.timersStarted += 1
    state.timer = (generation, Task { await self.runTimer(generation) })
  }

  /// Creates the run's task and returns the earlier runs, which the caller cancels outside
  /// the lock.
  @usableFromInline
  func startRun(_ ticket: RunTicket<Machine.Claim>, in state: inout State) -> [Task<
    Void, Never
  >] {
    let superseded = Array(state.runs.values)
    let previous = state.latestRun
    let task = Task {
      // Never overlap: the previous action returns before this one may claim.
      await previous?.value
      await self.perform(ticket)
    }
    state.runs[ticket.id] = task
    state.latestRun = task
    return superseded
  }

  // MARK: - Tasks

  private func runTimer(_ generation: UInt64) async {
    while true {
      let (step, superseded, waiters) = state.withLock {
        state -> (
          TimerAction<C.Instant, Machine.Claim>, [Task<Void, Never>],
          [WaiterQueue<Void>.Continuation]
        ) in
        let step = state.machine.timerWoke(generation: generation, at: clock.now)
        let isCurrent = state.timer?.generation == generation
        if isCurrent { state.timerSleepsUntil = nil }
        switch step {
        case .run(let ticket):
          return (step, startRun(ticket, in: &state), [])
        case .stop:
          if isCurrent { state.timer = nil }
          return (step, [], quiescentWaiters(&state))
        case .sleep(let deadline):
          if isCurrent { state.timerSleepsUntil = deadline }
          return (step, [], quiescentWaiters(&state))
        }
      }
      for task in superseded { task.cancel() }
      for waiter in waiters { waiter.resume() }
      switch step {
      case .sleep(let deadline):
        // A cancelled sleep means cancel() or shutdown replaced this timer: stop quietly.
        do { try await clock.sleep(until: deadline, tolerance: nil) } catch { return }
      case .run:
        continue
      case .stop:
        return
      }
    }
  }

  private func perform(_ ticket: RunTicket<Machine.Claim>) async {
    if let action = state.withLock({ $0.action }) {
      await claimAndRun(ticket, action: action, on: action.isolation)
    }
    let waiters = state.withLock { state in
      state.machine.runFinished()
      state.runs[ticket.id] = nil
      if state.runs.isEmpty { state.latestRun = nil }
      return settledWaiters(&state)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Runs on the action's isolation, so that the claim and the action's first synchronous
  /// steps happen in one turn of that actor, with no `send` in between.
  private func claimAndRun(
    _ ticket: RunTicket<Machine.Claim>,
    action: Action,
    on isolation: isolated (any Actor)?
  ) async {
    guard let value = state.withLock({ $0.machine.claim(ticket) }) else { return }
    await action(value, isolation: isolation)
  }
}
