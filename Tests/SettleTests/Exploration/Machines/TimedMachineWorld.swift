// Hooks: drives the package's pure machines (`DebounceStateMachine`, `ThrottleStateMachine`)
// event by event, in orders the public types only produce by chance.
import Settle
import SettleTesting

/// How much of each kind of caller event one schedule of a ``TimedMachineWorld`` may
/// contain; the engine's own events (timers, claims, returns) are never limited.
struct TimedWorldBudget: Hashable {
  var sends = 3
  var ticks = 6
  var cancels = 1
  var flushes = 1
  var shutdowns = 1
  /// Whether a shutdown may run the pending value (an owner with `onRelease:`), as well as
  /// drop it; a rate limiter only drops its queue.
  var shutDownRunsPending = true
}

/// What a machine promises about its values, beyond what every timed machine promises.
struct MachinePromises {
  /// A run that takes the machine's held value (not one carried from its dispatch) runs the
  /// newest value sent: a later send supersedes the held one. True for a debounce.
  var heldClaimIsNewest: Bool
  /// The newest value sent, unless a cancel or shutdown followed it, eventually runs:
  /// a debounce with a trailing edge, a throttle in `.newestAtWindowEnd` or
  /// `.newestAtWindowEndOnly` mode.
  var newestEventuallyRuns: Bool
  /// Every value sent is in exactly one run, unless a cancel or shutdown dropped it: no
  /// value is lost between runs. True with a collecting fold where the newest value
  /// eventually runs; without a fold, later values replace earlier ones by design.
  var keepsEveryValue = false
  /// At most so many runs are dispatched in so many ticks: a rate limiter.
  var rateLimit: RateLimitPromise?
}

/// A timed machine (``TimedStateMachine``) inside a model of the engine that applies it
/// (`TimedRuns`): a clock in ticks of one millisecond, timer tasks, run tasks that claim in
/// ticket order, `flush()` callers waiting for their run, and shutdown.
///
/// Every event the engine's tasks and the owner's callers can produce is an event here, and
/// the search tries them in every order: a claim racing a send, a run returning while a flush
/// waits, a timer waking after a cancel. Values sent are 1, 2, 3, ..., so "newer" is "larger".
///
/// A run's value is read through ``ExploredRunValue``: the newest value sent for a plain
/// machine, every value since the previous run for one with a collecting fold, so that one
/// world checks both.
struct TimedMachineWorld<Machine: TimedStateMachine>: TaskDrainingWorld
where
  Machine.Input == Int, Machine.Value: ExploredRunValue,
  Machine.Instant == ManualClock.Instant
{
  typealias Promises = MachinePromises

  enum Event: CustomStringConvertible {
    case send
    case tick
    case cancel
    case flush
    case shutDown
    case shutDownRunningPending
    /// The timer task at this index in ``timers`` wakes.
    case timerWakes(Int)
    /// The oldest run in flight claims (its predecessor has returned).
    case claim
    /// The oldest run in flight returns.
    case runReturns

    var description: String {
      switch self {
      case .send: "send"
      case .tick: "clock +1 ms"
      case .cancel: "cancel()"
      case .flush: "flush()"
      case .shutDown: "owner released (cancel pending)"
      case .shutDownRunningPending: "owner released (run pending)"
      case .timerWakes(let index): "timer task #\(index) wakes"
      case .claim: "oldest run claims"
      case .runReturns: "oldest run returns"
      }
    }
  }

  enum RunStatus: CustomStringConvertible {
    case waiting
    case refused
    case running(Int)
    var description: String {
      switch self {
      case .waiting: "w"
      case .refused: "r"
      case .running(let value): "run\(value)"
      }
    }
  }

  struct RunTask: CustomStringConvertible {
    var ticket: RunTicket<Machine.Value>
    var status = RunStatus.waiting
    var description: String { "#\(ticket.id)\(ticket.carried.map { "=\($0)" } ?? "")\(status)" }
  }

  private(set) var machine: Machine
  let promises: Promises
  var budget: TimedWorldBudget
  private(set) var now = 0
  private(set) var sent = 0
  private(set) var timers = ModelTimerTasks()
  /// The runs in flight, oldest first.
  private(set) var runs: [RunTask] = []
  /// Flush callers waiting for a ticket, with the newest value that must have run when it
  /// returns.
  private(set) var flushWaits: [(ticket: UInt64, value: Int)] = []
  /// The newest value that has run.
  private(set) var newestRun = 0
  /// Every value up to this one was sent before a cancel (or a cancelling shutdown) that has
  /// returned: none of them may start.
  private(set) var voidedThrough = 0
  /// Values sent after this one were sent after the owner let go of the machine.
  private(set) var shutDownAfter: Int?
  /// The starts that a ``MachinePromises/rateLimit`` still counts.
  private(set) var window = StartWindow()
  /// The runs started, for a caller that compares them with a reference model; not part of
  /// the fingerprint, so that caller must empty it after each comparison.
  var started: [ModelRun] = []

  init(machine: Machine, promises: Promises, budget: TimedWorldBudget = TimedWorldBudget()) {
    self.machine = machine
    self.promises = promises
    self.budget = budget
  }

  var instant: ManualClock.Instant { ManualClock.Instant(offset: .milliseconds(now)) }

  // MARK: - ExplorableWorld

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if budget.sends > 0 { events.append(.send) }
    if budget.ticks > 0 { events.append(.tick) }
    if budget.cancels > 0 && shutDownAfter == nil { events.append(.cancel) }
    if budget.flushes > 0 && shutDownAfter == nil { events.append(.flush) }
    if budget.shutdowns > 0 && shutDownAfter == nil {
      events.append(.shutDown)
      if budget.shutDownRunsPending { events.append(.shutDownRunningPending) }
    }
    for index in timers.runnable(at: now) { events.append(.timerWakes(index)) }
    if let oldest = runs.first {
      if case .waiting = oldest.status { events.append(.claim) } else { events.append(.runReturns) }
    }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    switch event {
    case .send: budget.sends -= 1
    case .tick: budget.ticks -= 1
    case .cancel: budget.cancels -= 1
    case .flush: budget.flushes -= 1
    case .shutDown, .shutDownRunningPending: budget.shutdowns -= 1
    case .timerWakes, .claim, .runReturns: break
    }
    return perform(event)
  }

  /// Applies `event` without spending the budget: what the caller events do, and the engine's.
  mutating func perform(_ event: Event) -> String? {
    switch event {
    case .send:
      sent += 1
      let action = machine.send(sent, at: instant)
      if shutDownAfter != nil, !action.isNone {
        return "a value sent after shutdown was not dropped: \(action)"
      }
      return apply(action)
    case .tick:
      now += 1
      return nil
    case .cancel:
      apply(machine.cancel())
      window.forget()
      return nil
    case .flush:
      return apply(flush: machine.flush())
    case .shutDown:
      shutDownAfter = sent
      apply(machine.shutDown())
      return nil
    case .shutDownRunningPending:
      shutDownAfter = sent
      let broken = apply(flush: machine.shutDownRunningPending())
      // The engine cancels the timer's task, so that it wakes, finds nothing and stops.
      timers.cancelLive(stillOwned: true)
      return broken
    case .timerWakes(let index):
      return timerWakes(index)
    case .claim:
      return claim()
    case .runReturns:
      return runReturns()
    }
  }

  func checkState() -> String? {
    // What "nothing is pending" means to a user: let every task run and the clock move until
    // nothing is left to run; a value pending now runs then.
    var drained = self
    let runBefore = drained.newestRun
    if let broken = drained.runTasks(movingTheClock: true) {
      return "while draining: \(broken)"
    }
    let ranSomething = drained.newestRun != runBefore
    let idle = machine.isIdle
    if idle != (runs.isEmpty && !ranSomething) {
      return
        "isIdle is \(idle), but \(runs.count) runs are in flight and draining \(ranSomething ? "runs a pending value" : "runs nothing")"
    }
    // A value runs while draining exactly when one was pending: held, or carried by a run
    // that has not claimed.
    if machine.isPending != ranSomething {
      return
        "isPending is \(machine.isPending), but draining \(ranSomething ? "runs a value" : "runs nothing")"
    }
    if !drained.machine.isIdle || !drained.timers.isEmpty || !drained.runs.isEmpty {
      return "tasks are left after draining: timers \(drained.timers), runs \(drained.runs)"
    }
    if promises.newestEventuallyRuns, sent > 0, sent > voidedThrough,
      shutDownAfter.map({ sent <= $0 }) ?? true, drained.newestRun != sent
    {
      return "the newest value \(sent) never runs (the newest run is \(drained.newestRun))"
    }
    return nil
  }

  var fingerprint: String {
    "\(machineBytes)|\(budget.sends),\(budget.ticks),\(budget.cancels),\(budget.flushes),\(budget.shutdowns)|\(now)|\(sent)|\(timers)|\(runs)|\(flushWaits.map { "\($0.ticket):\($0.value)" })|\(newestRun)|\(voidedThrough)|\(shutDownAfter.map(String.init) ?? "-")|\(window)"
  }

  /// The machine's bytes (see ``MachineBytes``): its fields are plain values, but for the
  /// value it holds, which with a collecting fold is an array, described by its contents.
  private var machineBytes: String {
    // A queue and a window are arrays of their own, so a rate limiter is read field by field.
    if let rateLimit = machine as? RateLimitTestMachine { return rateLimit.fieldwiseDescription }
    guard !Machine.Value.isPlainData, let held = machine.heldValue else {
      return MachineBytes.describe(machine)
    }
    return MachineBytes.describe(
      machine, replacing: [(MachineBytes.referenceWord(held), held.description)])
  }

  // MARK: - Applying the machine's actions, as TimedRuns does

  mutating func apply(_ action: SendAction<Machine.Value>) -> String? {
    switch action {
    case .none: return nil
    case .startTimer(let generation): return startTimer(generation)
    case .startRun(let run): return start(run)
    case .startRunAndTimer(let run, let generation):
      return start(run) ?? startTimer(generation)
    }
  }

  mutating func apply(_ cancel: CancelAction) {
    voidedThrough = sent
    flushWaits.removeAll()
    if cancel.stopsTimer { timers.cancelLive() }
  }

  mutating func apply(flush action: FlushAction<Machine.Value>) -> String? {
    switch action {
    case .none:
      return nil
    case .startRun(let run):
      if let value = run.ticket.carried?.sentValues.last {
        flushWaits.append((run.ticket.id, value))
      }
      return start(run)
    case .awaitRun(let ticket):
      guard let value = runs.compactMap({ $0.ticket.carried?.sentValues.last }).max() else {
        return "flush() waits for run \(ticket), but no run in flight carries a value"
      }
      flushWaits.append((ticket, value))
      return nil
    }
  }

  mutating func startTimer(_ generation: UInt64) -> String? { timers.start(generation) }

  mutating func start(_ run: StartRun<Machine.Value>) -> String? {
    let inFlight = runs.map(\.ticket.id)
    if run.superseding != (inFlight.first ?? run.ticket.id)..<run.ticket.id {
      return "run \(run.ticket.id) supersedes \(run.superseding), but \(inFlight) are in flight"
    }
    runs.append(RunTask(ticket: run.ticket))
    return nil
  }

  mutating func timerWakes(_ index: Int) -> String? {
    let timer = timers[index]
    let action = machine.timerWoke(generation: timer.generation, at: instant)
    let isLive = timers.isLive(index)
    if !isLive {
      guard case .retire = action else {
        return
          "timer \(timer.generation), replaced by \(timers.live.map { "timer \($0)" } ?? "cancel()"), acted: \(action)"
      }
    }
    switch action {
    case .sleep(let deadline):
      return timers.sleep(index, until: Int(deadline.offset / .milliseconds(1)), now: now)
    case .startRun(let run):
      timers.loop(index)
      return start(run)
    case .stop:
      timers.end(index)
      return nil
    case .retire:
      if isLive { return "the live timer \(timer.generation) was told to retire" }
      timers.end(index)
      return nil
    }
  }

  mutating func claim() -> String? {
    let ticket = runs[0].ticket
    guard let claimed = machine.claim(ticket, at: instant) else {
      runs[0].status = .refused
      return nil
    }
    let values = claimed.sentValues
    guard let first = values.first, let value = values.last else {
      return "run \(ticket.id) started with no value: \(claimed)"
    }
    runs[0].status = .running(value)
    if let broken = window.started(at: now, under: promises.rateLimit) {
      return "run \(ticket.id): \(broken)"
    }
    if values != Array(first..<(first + values.count)) {
      return "run \(ticket.id) received \(values): not the values sent in a row, in order"
    }
    if first <= newestRun {
      return
        "value \(first) started after value \(newestRun) had: a value ran twice or out of order"
    }
    if first <= voidedThrough {
      return "value \(first) started, though a cancel() that returned after it was sent voided it"
    }
    if let last = shutDownAfter, value > last {
      return "value \(value), sent after shutdown, started"
    }
    if promises.heldClaimIsNewest, ticket.carried == nil, value != sent {
      return "run \(ticket.id) took held value \(value), superseded by \(sent) sent earlier"
    }
    let firstUnaccounted = max(newestRun, voidedThrough) + 1
    if promises.keepsEveryValue, first != firstUnaccounted {
      return
        "run \(ticket.id) received \(values): \(Array(firstUnaccounted..<first)) were lost between runs"
    }
    newestRun = value
    started.append(ModelRun(value: value, tick: now))
    return nil
  }

  mutating func runReturns() -> String? {
    let returning = runs.removeFirst()
    // A queue's next run, or its timer, starts here (see `runReturnedWhileOpen(at:)`).
    var broken = apply(machine.runReturned(returning.ticket, at: instant))
    flushWaits.removeAll { wait in
      guard wait.ticket == returning.ticket.id else { return false }
      if wait.value > newestRun, wait.value > voidedThrough {
        broken = "flush() returned with run \(wait.ticket), but its value \(wait.value) never ran"
      }
      return true
    }
    return broken
  }

  // MARK: - Letting the tasks run

  /// The runs first, then the timers; with `movingTheClock`, a tick while a timer is left.
  func nextTaskEvent(movingTheClock: Bool) -> Event? {
    if !runs.isEmpty { return runs[0].status.isWaiting ? .claim : .runReturns }
    if let index = timers.runnable(at: now).first { return .timerWakes(index) }
    return movingTheClock && !timers.isEmpty ? .tick : nil
  }

  var busyDescription: String { "timers \(timers), runs \(runs)" }
}

extension SendAction {
  var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}

extension TimedMachineWorld.RunStatus {
  var isWaiting: Bool {
    if case .waiting = self { return true }
    return false
  }
}
