// Hooks: drives the package's `KeyedStateMachine` event by event, in orders the public
// keyed owners only produce by chance. `@testable` to read the machine's key table and heap
// field by field: by reflection, telling states apart cost more than the search, and the raw
// bytes of the table would hold the garbage of unused optionals and padding.
import SettleTesting

@testable import Settle

/// `KeyedStateMachine` with two keys, A and B, over a key machine (a debounce's or a
/// throttle's), inside a model of its engine (`KeyedRuns`): a clock in ticks of one
/// millisecond, the one timer task (replaced when a key files a deadline ahead of the one it
/// sleeps toward), run tasks chained per key (a key's run claims only after that key's
/// previous run returned; runs of different keys do not wait for each other),
/// `flush(forKey:)` callers waiting for their run, and `cancel(forKey:)`.
///
/// Per key it checks what ``TimedMachineWorld`` checks of the key machine alone, with the
/// same ``MachinePromises``; across keys, that one timer task serves both, that an event for
/// one key leaves the other key's state as it was, and that the machine keeps state only for
/// the keys with something pending, running or (a leading burst, a throttle's window)
/// remembered. Values sent are 1, 2, 3, ... over both keys.
///
/// A run's value is read through ``ExploredRunValue``, so the same world explores a keyed
/// owner with a collecting fold: each run of a key must then receive values of that key sent
/// in a row, in order, none twice, and where promised none lost between two runs.
struct KeyedMachineWorld<KeyMachine: ExploredKeyMachine>: TaskDrainingWorld
where
  KeyMachine.Input == Int, KeyMachine.Value: ExploredRunValue,
  KeyMachine.Instant == ManualClock.Instant
{
  typealias Machine = KeyedStateMachine<Int, KeyMachine>
  typealias Value = KeyMachine.Value

  /// How many caller events of each kind one schedule may contain; the engine's own events
  /// (timers, claims, returns) are never limited.
  struct Budget: Hashable {
    var sends = 3
    var ticks = 5
    var cancels = 1
    var flushes = 1
  }

  enum Event: CustomStringConvertible {
    case send(key: Int)
    case tick
    case cancel(key: Int)
    case flush(key: Int)
    /// The timer task at this index in ``timers`` wakes.
    case timerWakes(Int)
    /// The key's oldest run in flight claims (the key's previous run has returned).
    case claim(key: Int)
    /// The key's oldest run in flight returns.
    case runReturns(key: Int)

    var description: String {
      switch self {
      case .send(let key): "send(forKey: \(KeyedMachineWorld.name(key)))"
      case .tick: "clock +1 ms"
      case .cancel(let key): "cancel(forKey: \(KeyedMachineWorld.name(key)))"
      case .flush(let key): "flush(forKey: \(KeyedMachineWorld.name(key)))"
      case .timerWakes(let index): "timer task #\(index) wakes"
      case .claim(let key): "oldest run of \(KeyedMachineWorld.name(key)) claims"
      case .runReturns(let key): "oldest run of \(KeyedMachineWorld.name(key)) returns"
      }
    }
  }

  struct RunTask: CustomStringConvertible {
    var ticket: RunTicket<Value>
    /// `nil` while waiting to claim; `0` when refused; else the newest value it runs.
    var claimed: Int?
    var description: String {
      "#\(ticket.id)\(ticket.carried.map { "=\($0)" } ?? "")\(claimed.map { "/\($0)" } ?? "w")"
    }
  }

  /// What the world knows of one key beside the machine.
  struct KeyRecord: CustomStringConvertible {
    /// The runs in flight, oldest first.
    var runs: [RunTask] = []
    /// The values sent for this key, in the order sent.
    var sentList: [Int] = []
    /// The newest value sent for this key.
    var newestSent = 0
    /// The newest value of this key that has run.
    var newestRun = 0
    /// Every value of this key up to this one was sent before a `cancel(forKey:)` that has
    /// returned: none of them may start.
    var voidedThrough = 0
    /// Flush callers waiting for a ticket, with the value that must have run when it returns.
    var flushWaits: [(ticket: UInt64, value: Int)] = []
    /// The key's starts that a ``MachinePromises/rateLimit`` still counts.
    var window = StartWindow()
    var description: String {
      "\(runs) \(sentList) \(newestSent) \(newestRun) \(voidedThrough) \(flushWaits.map { "\($0.ticket):\($0.value)" }) \(window)"
    }
  }

  static var keys: [Int] { [0, 1] }
  static func name(_ key: Int) -> String { key == 0 ? "A" : "B" }

  private(set) var machine: Machine
  let promises: MachinePromises
  /// Whether a key may stay after its runs have returned, because its machine remembers its
  /// past (``TimedStateMachine/remembersUntil``): a leading burst, a throttle's window.
  let remembers: Bool
  var budget: Budget
  private(set) var now = 0
  private(set) var sent = 0
  private(set) var timers = ModelTimerTasks()
  private(set) var records = [KeyRecord(), KeyRecord()]
  /// The runs started per key, for a caller that compares them with a reference model; not
  /// part of the fingerprint, so that caller must empty it after each comparison.
  var started: [[ModelRun]] = [[], []]

  init(fresh: KeyMachine, promises: MachinePromises, remembers: Bool, budget: Budget = Budget()) {
    machine = Machine(fresh: fresh)
    self.promises = promises
    self.remembers = remembers
    self.budget = budget
  }

  var instant: ManualClock.Instant { ManualClock.Instant(offset: .milliseconds(now)) }

  // MARK: - ExplorableWorld

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    for key in Self.keys {
      if budget.sends > 0 { events.append(.send(key: key)) }
    }
    if budget.ticks > 0 { events.append(.tick) }
    for key in Self.keys {
      if budget.cancels > 0 { events.append(.cancel(key: key)) }
      if budget.flushes > 0 { events.append(.flush(key: key)) }
    }
    for index in timers.runnable(at: now) { events.append(.timerWakes(index)) }
    for key in Self.keys {
      if let oldest = records[key].runs.first {
        events.append(oldest.claimed == nil ? .claim(key: key) : .runReturns(key: key))
      }
    }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    switch event {
    case .send: budget.sends -= 1
    case .tick: budget.ticks -= 1
    case .cancel: budget.cancels -= 1
    case .flush: budget.flushes -= 1
    case .timerWakes, .claim, .runReturns: break
    }
    return perform(event)
  }

  /// Applies `event` without spending the budget.
  mutating func perform(_ event: Event) -> String? {
    switch event {
    case .send(let key):
      sent += 1
      records[key].newestSent = sent
      records[key].sentList.append(sent)
      return apply(machine.send(sent, forKey: key, at: instant), forKey: key)
    case .tick:
      now += 1
      return nil
    case .cancel(let key):
      return leavingTheOtherKey(of: key, "cancel") { world in
        let action = world.machine.cancel(forKey: key)
        let inFlight = world.records[key].runs.map(\.ticket.id)
        if !action.cancelling.isEmpty,
          !action.cancelling.allSatisfy({ inFlight.contains($0) })
        {
          return "cancel(forKey:) cancels runs \(action.cancelling), but \(inFlight) are in flight"
        }
        world.records[key].voidedThrough = world.records[key].newestSent
        world.records[key].flushWaits.removeAll()
        world.records[key].window.forget()
        return nil
      }
    case .flush(let key):
      return leavingTheOtherKey(of: key, "flush") { world in
        world.apply(flush: world.machine.flush(forKey: key, at: world.instant), forKey: key)
      }
    case .timerWakes(let index):
      return timerWakes(index)
    case .claim(let key):
      return claim(key)
    case .runReturns(let key):
      return runReturns(key)
    }
  }

  func checkState() -> String? {
    var drained = self
    let runBefore = records.map(\.newestRun)
    if let broken = drained.runTasks(movingTheClock: true) {
      return "while draining: \(broken)"
    }
    let ranSomething = Self.keys.map { drained.records[$0].newestRun != runBefore[$0] }
    let inFlight = records.map { !$0.runs.isEmpty }
    let idle = machine.isIdle
    if idle != (!inFlight.contains(true) && !ranSomething.contains(true)) {
      return
        "isIdle is \(idle), but runs in flight per key are \(inFlight) and draining runs values per key \(ranSomething)"
    }
    for key in Self.keys where machine.isPending(forKey: key) != ranSomething[key] {
      return
        "isPending(forKey: \(Self.name(key))) is \(machine.isPending(forKey: key)), but draining \(ranSomething[key] ? "runs a value of it" : "runs nothing of it")"
    }
    // Memory follows the keys that have something pending or running; with a leading edge, a
    // key also stays until its burst is over, which the timer decides.
    let busyKeys = Self.keys.filter { inFlight[$0] || ranSomething[$0] }.count
    if remembers ? machine.keyCount < busyKeys : machine.keyCount != busyKeys {
      return
        "the machine holds \(machine.keyCount) keys, but \(busyKeys) have something pending or running"
    }
    if !drained.machine.isIdle || !drained.timers.isEmpty
      || drained.records.contains(where: { !$0.runs.isEmpty })
    {
      return
        "tasks are left after draining: timers \(drained.timers), runs \(drained.records.map(\.runs))"
    }
    if drained.machine.keyCount != 0 || drained.machine.heapCount != 0 {
      return
        "after draining, the machine still holds \(drained.machine.keyCount) keys and \(drained.machine.heapCount) heap entries"
    }
    if promises.newestEventuallyRuns {
      for key in Self.keys {
        let record = drained.records[key]
        if record.newestSent > record.voidedThrough, record.newestRun != record.newestSent {
          return
            "the newest value \(record.newestSent) of \(Self.name(key)) never runs (its newest run is \(record.newestRun))"
        }
      }
    }
    return nil
  }

  var fingerprint: String {
    "\(Self.describe(machine))|\(budget.sends),\(budget.ticks),\(budget.cancels),\(budget.flushes)|\(now)|\(sent)|\(timers)|\(records)"
  }

  // MARK: - Reading the machine

  /// The machine's state, the same for equal machines, field by field: its key table and heap
  /// are read in a fixed order, since a dictionary's order depends on its history and the
  /// heap's layout on the order of its pushes, neither of which changes what the machine does
  /// next. The options are left out: they never change.
  static func describe(_ machine: Machine) -> String {
    let keys = Self.keys.map { keyState(of: machine, forKey: $0) }.joined(separator: ";")
    let heap = machine.shared.heap.entries.map {
      "\(exploredTicks($0.deadline))/\($0.filing)/\($0.key)"
    }
    .sorted().joined(separator: ",")
    return
      "\(keys)|\(heap)|\(machine.shared.staleEntries) \(machine.shared.filings) \(machine.holdingKeys) \(machine.runsInFlight) \(machine.timer) \(machine.timersStarted) \(exploredTicks(machine.shared.deadline)) \(machine.isShutDown)"
  }

  /// What the machine holds of `key`: its machine, field by field (see
  /// ``ExploredKeyMachine``), and its heap filing.
  static func keyState(of machine: Machine, forKey key: Int) -> String {
    guard let state = machine.keys[key] else { return "none" }
    let filed = state.filing == 0 ? "-" : "\(state.filing) for \(exploredTicks(state.filedFor))"
    return "\(state.machine.fieldwiseDescription), filed \(filed)"
  }

  /// Runs `body`, an event of `key`, and checks that the other key's state is as it was.
  private mutating func leavingTheOtherKey(
    of key: Int, _ name: String, _ body: (inout Self) -> String?
  ) -> String? {
    let other = 1 - key
    let before = Self.keyState(of: machine, forKey: other)
    if let broken = body(&self) { return broken }
    let after = Self.keyState(of: machine, forKey: other)
    if before != after {
      return
        "\(name)(forKey: \(Self.name(key))) changed key \(Self.name(other)): \(before) became \(after)"
    }
    return nil
  }

  // MARK: - Applying the machine's actions, as KeyedRuns does

  mutating func apply(_ action: SendAction<Value>, forKey key: Int) -> String? {
    switch action {
    case .none: return nil
    case .startTimer(let generation): return startTimer(generation)
    case .startRun(let run): return start(run, forKey: key)
    case .startRunAndTimer(let run, let generation):
      return start(run, forKey: key) ?? startTimer(generation)
    }
  }

  mutating func apply(flush action: FlushAction<Value>, forKey key: Int) -> String? {
    switch action {
    case .none:
      return nil
    case .startRun(let run):
      if let value = run.ticket.carried?.sentValues.last {
        records[key].flushWaits.append((run.ticket.id, value))
      }
      return start(run, forKey: key)
    case .awaitRun(let ticket):
      guard let value = records[key].runs.compactMap({ $0.ticket.carried?.sentValues.last }).max()
      else {
        return "flush(forKey:) waits for run \(ticket), but no run of the key carries a value"
      }
      records[key].flushWaits.append((ticket, value))
      return nil
    }
  }

  mutating func startTimer(_ generation: UInt64) -> String? {
    guard let live = timers.live, timers.hasTask(of: live) else {
      return timers.start(generation)
    }
    // A live task still runs: the machine replaces it, as `KeyedRuns` does.
    return timers.replace(with: generation).map { "\($0): one timer serves every key" }
  }

  mutating func start(_ run: StartRun<Value>, forKey key: Int) -> String? {
    let inFlight = records[key].runs.map(\.ticket.id)
    if run.superseding != (inFlight.first ?? run.ticket.id)..<run.ticket.id {
      return
        "run \(run.ticket.id) of \(Self.name(key)) supersedes \(run.superseding), but \(inFlight) of that key are in flight"
    }
    records[key].runs.append(RunTask(ticket: run.ticket))
    return nil
  }

  mutating func timerWakes(_ index: Int) -> String? {
    let timer = timers[index]
    let step = machine.timerWoke(generation: timer.generation, at: instant)
    let isLive = timers.isLive(index)
    if !isLive {
      guard case .retire = step.next, step.starts.isEmpty else {
        return
          "timer \(timer.generation), replaced by \(timers.live.map { "timer \($0)" } ?? "none"), acted"
      }
    }
    for start in step.starts {
      if let broken = self.start(start.run, forKey: start.key) { return broken }
    }
    switch step.next {
    case .sleep(let deadline):
      return timers.sleep(index, until: Int(deadline.offset / .milliseconds(1)), now: now)
    case .stop:
      timers.end(index)
    case .retire:
      if isLive { return "the live timer \(timer.generation) was told to retire" }
      timers.end(index)
    case .wakeAgain:
      return "the shared timer \(timer.generation) asked to wake again at once"
    }
    return nil
  }

  mutating func claim(_ key: Int) -> String? {
    let ticket = records[key].runs[0].ticket
    guard let claimed = machine.claim(ticket, forKey: key, at: instant) else {
      records[key].runs[0].claimed = 0
      return nil
    }
    let record = records[key]
    let values = claimed.sentValues
    guard let first = values.first, let value = values.last,
      let start = record.sentList.firstIndex(of: first)
    else {
      return "run \(ticket.id) of \(Self.name(key)) started \(claimed), which was not sent for it"
    }
    records[key].runs[0].claimed = value
    if let broken = records[key].window.started(at: now, under: promises.rateLimit) {
      return "run \(ticket.id) of \(Self.name(key)): \(broken)"
    }
    if Array(record.sentList.dropFirst(start).prefix(values.count)) != values {
      return
        "run \(ticket.id) of \(Self.name(key)) received \(values): not its values sent in a row, in order"
    }
    if first <= record.newestRun {
      return
        "value \(first) of \(Self.name(key)) started after its value \(record.newestRun) had: a value ran twice or out of order"
    }
    if first <= record.voidedThrough {
      return
        "value \(first) of \(Self.name(key)) started, though a cancel(forKey:) that returned after it was sent voided it"
    }
    if promises.heldClaimIsNewest, ticket.carried == nil, value != record.newestSent {
      return
        "run \(ticket.id) of \(Self.name(key)) took held value \(value), superseded by \(record.newestSent) sent earlier"
    }
    // Where promised, every value of the key is in one run, or voided.
    let accountedFor = max(record.newestRun, record.voidedThrough)
    if promises.keepsEveryValue,
      let firstUnaccounted = record.sentList.first(where: { $0 > accountedFor }),
      first != firstUnaccounted
    {
      return
        "run \(ticket.id) of \(Self.name(key)) received \(values): \(firstUnaccounted) was lost between runs"
    }
    records[key].newestRun = value
    started[key].append(ModelRun(value: value, tick: now))
    return nil
  }

  mutating func runReturns(_ key: Int) -> String? {
    let returning = records[key].runs.removeFirst()
    var broken = apply(
      machine.runReturned(returning.ticket, forKey: key, at: instant), forKey: key)
    let newestRun = records[key].newestRun
    let voided = records[key].voidedThrough
    records[key].flushWaits.removeAll { wait in
      guard wait.ticket == returning.ticket.id else { return false }
      if wait.value > newestRun, wait.value > voided {
        broken =
          "flush(forKey: \(Self.name(key))) returned with run \(wait.ticket), but its value \(wait.value) never ran"
      }
      return true
    }
    return broken
  }

  // MARK: - Letting the tasks run

  /// The runs first (key A's, then B's), then the timer; with `movingTheClock`, a tick while
  /// a timer is left.
  func nextTaskEvent(movingTheClock: Bool) -> Event? {
    if let key = Self.keys.first(where: { !records[$0].runs.isEmpty }) {
      return records[key].runs[0].claimed == nil ? .claim(key: key) : .runReturns(key: key)
    }
    if let index = timers.runnable(at: now).first { return .timerWakes(index) }
    return movingTheClock && !timers.isEmpty ? .tick : nil
  }

  var busyDescription: String { "timers \(timers), runs \(records.map(\.runs))" }
}

extension KeyedMachineWorld {
  /// A keyed debouncer with `fold`, promising per key what a single debouncer promises.
  init<RunFolding: RunFold>(
    interval: Int, options: DebounceOptions, fold: RunFolding, budget: Budget = Budget()
  ) where KeyMachine == DebounceStateMachine<RunFolding, ManualClock.Instant> {
    self.init(
      fresh: KeyMachine(interval: .milliseconds(interval), options: options, fold: fold),
      promises: MachinePromises(
        heldClaimIsNewest: true, newestEventuallyRuns: options.trailing,
        keepsEveryValue: !RunFolding.Output.isPlainData && options.trailing),
      remembers: options.leading, budget: budget)
  }

  /// A keyed throttler with `fold`, promising per key what a single throttler promises.
  init<RunFolding: RunFold>(
    interval: Int, mode: ThrottleMode, fold: RunFolding, budget: Budget = Budget()
  ) where KeyMachine == ThrottleStateMachine<RunFolding, ManualClock.Instant> {
    let newestRuns = mode == .newestAtWindowEnd || mode == .newestAtWindowEndOnly
    self.init(
      fresh: KeyMachine(interval: .milliseconds(interval), mode: mode, fold: fold),
      promises: MachinePromises(
        heldClaimIsNewest: false, newestEventuallyRuns: newestRuns,
        keepsEveryValue: !RunFolding.Output.isPlainData && newestRuns),
      remembers: true, budget: budget)
  }
}

extension KeyedMachineWorld where KeyMachine == RateLimitTestMachine {
  /// A keyed rate limiter, promising per key what a single one promises: every value of the
  /// key runs once, in order, at most `limit` of them in `interval` ticks.
  init(limit: Int, interval: Int, budget: Budget = Budget()) {
    self.init(
      fresh: KeyMachine(limit: limit, interval: .milliseconds(interval)),
      promises: MachinePromises(
        heldClaimIsNewest: false, newestEventuallyRuns: true, keepsEveryValue: true,
        rateLimit: RateLimitPromise(limit: limit, interval: interval)),
      remembers: true, budget: budget)
  }
}

extension KeyedMachineWorld
where KeyMachine == DebounceStateMachine<LatestValue<Int>, ManualClock.Instant> {
  /// The plain keyed debouncer: each run receives its key's newest value.
  init(interval: Int, options: DebounceOptions, budget: Budget = Budget()) {
    self.init(interval: interval, options: options, fold: LatestValue(), budget: budget)
  }
}
