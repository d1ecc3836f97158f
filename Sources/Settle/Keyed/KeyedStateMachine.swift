/// The ``RunTable`` of the keyed owners: one unkeyed ``TimedStateMachine`` per key, each
/// following its own rules unchanged, and one timer for them all. Free of tasks, clocks and
/// locks: every event is a `mutating func` that returns the action the engine
/// (``PacedRuns``) must apply. A keyed debouncer is this over ``DebounceStateMachine``, a
/// keyed throttler over ``ThrottleStateMachine``; ``SoleKeyMachine`` is the single-key table.
///
/// Each key's machine has its own ``RunLedger``, so runs of one key never overlap and runs of
/// different keys may. Its timer is virtual: where a ``SoleKeyMachine`` would start a timer
/// task, this machine takes the timer's first step at once, at the same reading of the clock,
/// and files the key in a ``DeadlineHeap`` at the deadline the machine asks to sleep toward.
/// The one real timer sleeps until the earliest entry:
///
/// - A key that needs the timer, because its machine's timer sleeps or because its past still
///   matters (``TimedStateMachine/remembersUntil``: a leading burst, a throttle's window), has
///   exactly one *live* entry, filed no later than that moment. A send that moves the
///   moment later leaves the entry alone: O(1), no heap work. The key's machine, woken early,
///   just asks to sleep again.
/// - When the timer wakes, it pops every entry due, skips stale ones, and for each live one
///   steps the key's machine's timer (which may start the key's run) and re-files the key if
///   it still needs attention. It then sleeps until the earliest live entry, or stops.
/// - An entry goes stale when its key is flushed, cancelled or re-filed earlier; stale entries
///   are skipped when they come out, and the heap is rebuilt when they outnumber the live ones.
/// - A key is dropped as soon as its machine holds no value, no run of it is in flight and it
///   needs no attention: memory is bounded by the keys pending, running or remembered.
/// - An entry filed ahead of the one the timer sleeps toward replaces the timer with a new
///   generation, which its owner starts in place of the old task. With `maxWait`, a value that
///   supersedes a key's due run before it starts keeps that run's bound, which can lie ahead of
///   another key's deadline.
///
/// Only the machine's rules for a send and a timer step are the key's own; flush, cancel,
/// claims and shutdown are the shared ones of ``TimedStateMachine``, applied per key.
@usableFromInline
package struct KeyedStateMachine<Key: Hashable & Sendable, Machine: TimedStateMachine>:
  SettlingMachine, Sendable
{
  @usableFromInline
  package typealias KeyMachine = Machine
  /// What `send` takes for a key.
  @usableFromInline
  package typealias Input = Machine.Input
  /// What a key's run receives.
  @usableFromInline
  package typealias Value = Machine.Value
  @usableFromInline
  package typealias Instant = Machine.Instant

  /// Everything the machine knows of one key.
  @usableFromInline
  struct KeyState: Sendable {
    @usableFromInline
    var machine: Machine
    /// The filing number of the key's live heap entry, or 0 when it has none (filings count
    /// from 1). Not optional, like ``filedFor``: a key's state is stored for every key pending,
    /// and each byte saved is a byte less to move when the table grows.
    @usableFromInline
    var filing: UInt64 = 0
    /// The deadline of that entry; meaningless while ``filing`` is 0.
    @usableFromInline
    var filedFor: Instant

    @inlinable
    init(machine: Machine, at now: Instant) {
      self.machine = machine
      self.filedFor = now
    }

    /// Nothing is left of the key: no value held, no run in flight, no live entry.
    @inlinable
    var isSpent: Bool {
      !machine.hasHeldValue && filing == 0 && machine.ledger.activeRunCount == 0
    }

    /// Hands `input` to the key's machine at `now`, and says whether the key held a value
    /// before and after. A method, so that a key's state is used in place in the table: reading
    /// a member through the table's subscript copies the whole state out first.
    @inlinable
    mutating func send(_ input: Input, at now: Instant) -> (
      action: SendAction<Value>, wasHolding: Bool, isHolding: Bool
    ) {
      let wasHolding = machine.hasHeldValue
      let action = machine.send(input, at: now)
      return (action, wasHolding, machine.hasHeldValue)
    }

    /// Steps the key's own timer at `now` until it sleeps or stops, as its task would;
    /// returns the run it started, if any.
    @inlinable
    mutating func stepTimer(generation: UInt64, at now: Instant) -> StartRun<Value>? {
      var started: StartRun<Value>?
      while true {
        switch machine.timerWoke(generation: generation, at: now) {
        case .sleep, .stop:
          return started
        case .startRun(let run):
          guard started == nil else {
            preconditionFailure(
              "Internal inconsistency in Settle: a key's timer started two runs at one instant")
          }
          started = run
        case .retire:
          preconditionFailure("Internal inconsistency in Settle: a key's own timer was replaced")
        }
      }
    }

    /// When the timer must next look at the key, if ever: its machine's timer deadline, or the
    /// end of what its machine remembers.
    @inlinable
    func attention(at now: Instant) -> Instant? {
      if case .asleep = machine.ledger.timer {
        guard let deadline = machine.timerDeadline else {
          preconditionFailure(
            "Internal inconsistency in Settle: a key's timer sleeps with no deadline")
        }
        return deadline
      }
      guard let end = machine.remembersUntil, end > now else { return nil }
      return end
    }

    /// Files the key at the moment it needs attention, unless its live entry is no later;
    /// unfiles it when it needs none. Returns the generation of a timer task to start (see
    /// ``SharedTimer/file(_:at:)``).
    @inlinable
    mutating func refile(
      forKey key: Key, at now: Instant, on timer: inout SharedTimer<Key, Instant>
    )
      -> UInt64?
    {
      guard let deadline = attention(at: now) else {
        unfile(on: &timer)
        return nil
      }
      if filing != 0 {
        guard deadline < filedFor else { return nil }
        timer.staleEntries += 1
      }
      let (filing, start) = timer.file(key, at: deadline)
      self.filing = filing
      filedFor = deadline
      return start
    }

    /// Marks the key's entry, if any, stale.
    @inlinable
    mutating func unfile(on timer: inout SharedTimer<Key, Instant>) {
      guard filing != 0 else { return }
      filing = 0
      timer.staleEntries += 1
    }
  }

  /// A key's machine before its first send, copied for every new key.
  @usableFromInline
  let fresh: Machine
  @usableFromInline
  var keys: [Key: KeyState] = [:]
  /// The one timer task and the heap of the keys' deadlines.
  @usableFromInline
  var shared = SharedTimer<Key, Instant>()
  /// Keys whose machine holds a value that has not run.
  @usableFromInline
  var holdingKeys = 0
  /// Runs dispatched and not yet returned, over all keys.
  @usableFromInline
  package var runsInFlight = 0
  /// The one timer task, as the machine sees it.
  package var timer: RunLedger.Timer { shared.phase }
  /// Timer tasks started so far.
  @usableFromInline
  package var timersStarted: UInt64 { shared.started }
  /// The owner is gone: values are dropped and nothing starts.
  @usableFromInline
  package var isShutDown = false

  /// Creates the machine; every key starts as a copy of `fresh`, which has seen no event.
  @usableFromInline
  package init(fresh: Machine) {
    self.fresh = fresh
  }

  // MARK: - Queries

  /// Keys the machine holds state for: pending, running, or remembered.
  package var keyCount: Int { keys.count }

  /// Entries in the deadline heap, live and stale.
  package var heapCount: Int { shared.heap.count }

  /// The ledger of `key`, while the machine holds it.
  @usableFromInline
  package func ledger(forKey key: Key) -> RunLedger? { keys[key]?.machine.ledger }

  @usableFromInline
  package var timerGeneration: UInt64? {
    switch shared.phase {
    case .stopped: nil
    case .awake(let generation), .asleep(let generation): generation
    }
  }

  @usableFromInline
  package func timerIsDue(at now: Instant) -> Bool { !shared.isQuiescent(at: now) }

  /// A value of `key` is waiting to run: not yet due, or due and not yet started.
  @usableFromInline
  package func isPending(forKey key: Key) -> Bool { keys[key]?.machine.isPending ?? false }

  /// The value `key` holds that has not run, if any, left in place: how the engine learns
  /// whether a send was kept.
  @inlinable
  package func heldValue(forKey key: Key) -> Value? { keys[key]?.machine.heldValue }

  /// Nothing is pending for any key and no run is in flight. A key only remembered does not
  /// count.
  @usableFromInline
  package var isIdle: Bool { runsInFlight == 0 && holdingKeys == 0 }

  /// No run is in flight, and the timer, if any, sleeps toward a deadline after `now`.
  @usableFromInline
  package func isQuiescent(at now: Instant) -> Bool {
    runsInFlight == 0 && shared.isQuiescent(at: now)
  }

  // MARK: - Send

  /// A value for `key` arrives at `now`: the key's machine decides, as an unkeyed one would.
  @inlinable
  package mutating func send(
    _ input: Input, forKey key: Key, at now: Instant
  ) -> SendAction<Value> {
    guard !isShutDown else { return .none }
    guard let index = keys.index(forKey: key) else {
      return sendToNewKey(input, forKey: key, at: now)
    }
    // In place in the table, so that a fold mutates the only reference to its accumulation.
    let (action, wasHolding, isHolding) = keys.values[index].send(input, at: now)
    // The common case inside a burst: the machine's timer, and so the key's entry, already
    // covers the new value, and only the value changed.
    if case .none = action, wasHolding == isHolding {
      return .none
    }
    let result = Self.apply(
      action, to: &keys.values[index], forKey: key, at: now, on: &shared,
      runsInFlight: &runsInFlight)
    store(at: index, wasHolding: wasHolding)
    return result
  }

  /// `send` for a key the machine holds nothing of: decided on a fresh machine, stored once.
  @inlinable @inline(never)
  mutating func sendToNewKey(_ input: Input, forKey key: Key, at now: Instant) -> SendAction<Value>
  {
    var state = KeyState(machine: fresh, at: now)
    let action = Self.apply(
      state.machine.send(input, at: now), to: &state, forKey: key, at: now, on: &shared,
      runsInFlight: &runsInFlight)
    countHolding(was: false, is: state.machine.hasHeldValue)
    if !state.isSpent { keys[key] = state }
    return action
  }

  /// Applies what a key's machine decided on a send: its run counted, its timer stepped, the
  /// key filed, and the one timer started when none runs. Static, so that a key's state in
  /// place in the table and the shared timer are each one access.
  @inlinable
  static func apply(
    _ action: SendAction<Value>, to state: inout KeyState, forKey key: Key, at now: Instant,
    on shared: inout SharedTimer<Key, Instant>, runsInFlight: inout Int
  ) -> SendAction<Value> {
    var run: StartRun<Value>?
    switch action {
    case .none:
      break
    case .startRun(let started):
      run = started
    case .startTimer(let generation):
      run = state.stepTimer(generation: generation, at: now)
    case .startRunAndTimer(let started, let generation):
      run = started
      if state.stepTimer(generation: generation, at: now) != nil {
        preconditionFailure(
          "Internal inconsistency in Settle: one send of a key started two runs at once")
      }
    }
    if run != nil { runsInFlight += 1 }
    let generation = state.refile(forKey: key, at: now, on: &shared)
    switch (run, generation) {
    case (nil, nil): return .none
    case (nil, let generation?): return .startTimer(generation: generation)
    case (let run?, nil): return .startRun(run)
    case (let run?, let generation?): return .startRunAndTimer(run, generation: generation)
    }
  }

  // MARK: - Timer

  /// The timer task of `generation` is awake at `now`: step the timer of every key due, which
  /// starts the runs due and re-files the keys that still need it, and say where to sleep next.
  @inlinable
  package mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerStep {
    switch shared.phase {
    case .awake(let current) where current == generation,
      .asleep(let current)
    where current == generation:
      break
    case .stopped, .awake, .asleep:
      return TimerStep(starts: [], next: .retire)
    }
    shared.phase = .awake(generation: generation)
    shared.deadline = nil
    var starts: [KeyRun] = []
    while let entry = shared.heap.top, entry.deadline <= now {
      shared.heap.popTop()
      guard let index = keys.index(forKey: entry.key), keys.values[index].filing == entry.filing
      else {
        shared.staleEntries -= 1
        continue
      }
      keys.values[index].filing = 0
      let wasHolding = keys.values[index].machine.hasHeldValue
      if case .asleep(let keyTimer) = keys.values[index].machine.ledger.timer,
        let run = keys.values[index].stepTimer(generation: keyTimer, at: now)
      {
        runsInFlight += 1
        starts.append(KeyRun(key: entry.key, run: run))
      }
      // Any new entry lies after `now`, so this loop ends; the timer is awake, so filing
      // starts no timer.
      _ = keys.values[index].refile(forKey: entry.key, at: now, on: &shared)
      store(at: index, wasHolding: wasHolding)
    }
    // Stale entries ahead of the first live one would only wake the timer for nothing.
    while let entry = shared.heap.top, keys[entry.key]?.filing != entry.filing {
      shared.heap.popTop()
      shared.staleEntries -= 1
    }
    if let entry = shared.heap.top {
      shared.phase = .asleep(generation: generation)
      shared.deadline = entry.deadline
      return TimerStep(starts: starts, next: .sleep(until: entry.deadline))
    }
    shared.phase = .stopped
    return TimerStep(starts: starts, next: .stop)
  }

  /// The timer of `generation`, just stopped by a catch-up, stays awake for its task, as a
  /// machine's own timer does (``RunLedger/timerAwaitsItsTask(generation:)``).
  @usableFromInline
  package mutating func timerAwaitsItsTask(generation: UInt64) {
    guard case .stopped = shared.phase, generation == shared.started else {
      preconditionFailure(
        "Internal inconsistency in Settle: timer \(generation) was handed back to its task while \(shared.phase)"
      )
    }
    shared.phase = .awake(generation: generation)
  }

  // MARK: - Runs

  /// A dispatched run of `key` is about to start at `now`: its value, or `nil` when it must
  /// not start; the key's machine learns when it starts (``TimedStateMachine/claim(_:at:)``).
  @inlinable
  package mutating func claim(_ ticket: RunTicket<Value>, forKey key: Key, at now: Instant)
    -> Value?
  {
    guard let index = keys.index(forKey: key) else {
      preconditionFailure("Internal inconsistency in Settle: a run claimed for a key with no state")
    }
    let wasHolding = keys.values[index].machine.hasHeldValue
    let value = keys.values[index].machine.claim(ticket, at: now)
    // The key's run is in flight, so the key stays whatever it holds now.
    countHolding(was: wasHolding, is: keys.values[index].machine.hasHeldValue)
    return value
  }

  /// A dispatched run of `key` returned at `now`, whether or not it started: what to start
  /// next, as for a send of that key (see ``TimedStateMachine/runReturnedWhileOpen(at:)``).
  @inlinable
  package mutating func runReturned(
    _ ticket: RunTicket<Value>, forKey key: Key, at now: Instant
  ) -> SendAction<Value> {
    guard let index = keys.index(forKey: key) else {
      preconditionFailure(
        "Internal inconsistency in Settle: a run returned for a key with no state")
    }
    let wasHolding = keys.values[index].machine.hasHeldValue
    let next = keys.values[index].machine.runReturned(ticket, at: now)
    runsInFlight -= 1
    // A key left with no entry that still remembers its past is filed again: a rate limiter's
    // key, whose run's place moved to the run's start (`runStarted(at:)`) after the timer let
    // go of its entry, would otherwise be forgotten with its window. A debounce's or a
    // throttle's key never is: its entry covers all it remembers.
    let unfiledMemory =
      !isShutDown && keys.values[index].filing == 0
      && keys.values[index].attention(at: now) != nil
    if case .none = next, !unfiledMemory {
      store(at: index, wasHolding: wasHolding)
      return .none
    }
    let applied = Self.apply(
      next, to: &keys.values[index], forKey: key, at: now, on: &shared,
      runsInFlight: &runsInFlight)
    store(at: index, wasHolding: wasHolding)
    return applied
  }

  // MARK: - Flush and cancel

  /// Runs `key`'s pending value now; a value already dispatched with its run is awaited.
  @usableFromInline
  package mutating func flush(forKey key: Key, at now: Instant) -> FlushAction<Value> {
    guard let index = keys.index(forKey: key) else { return .none }
    if SeededFault.isSeeded(.keyedFlushTouchesOtherKeys) {
      for other in keys.indices where other != index {
        _ = keys.values[other].machine.takePendingValue()
      }
    }
    let wasHolding = keys.values[index].machine.hasHeldValue
    let action = keys.values[index].machine.flush()
    if case .startRun = action { runsInFlight += 1 }
    // Nothing is left for the key's timer to time: stepped now, it stops, and the key's entry
    // goes stale at once instead of waking the timer for nothing.
    if case .asleep(let keyTimer) = keys.values[index].machine.ledger.timer,
      keys.values[index].stepTimer(generation: keyTimer, at: now) != nil
    {
      preconditionFailure("Internal inconsistency in Settle: a flushed key's timer started a run")
    }
    if isShutDown {
      // After a shutdown that ran the pending values, the timer is gone for good: a key still
      // remembered (its run in flight) is not filed again.
      keys.values[index].unfile(on: &shared)
    } else if keys.values[index].refile(forKey: key, at: now, on: &shared) != nil {
      preconditionFailure("Internal inconsistency in Settle: a flushed key asked for the timer")
    }
    store(at: index, wasHolding: wasHolding)
    return action
  }

  /// `flush(forKey:at:)` for every key that has something to run or to await.
  @usableFromInline
  package mutating func flush(at now: Instant) -> [(key: Key, action: FlushAction<Value>)] {
    var actions: [(key: Key, action: FlushAction<Value>)] = []
    for key in Array(keys.keys) {
      let action = flush(forKey: key, at: now)
      if case .none = action { continue }
      actions.append((key, action))
    }
    return actions
  }

  /// Drops `key`'s pending value, voids its tickets and forgets its past; other keys go on.
  /// The key's own timer is virtual, so the action never stops the one timer task.
  @usableFromInline
  package mutating func cancel(forKey key: Key) -> CancelAction {
    guard let index = keys.index(forKey: key) else {
      return CancelAction(stopsTimer: false, cancelling: 0..<0)
    }
    let wasHolding = keys.values[index].machine.hasHeldValue
    let cancel = keys.values[index].machine.cancel()
    keys.values[index].unfile(on: &shared)
    store(at: index, wasHolding: wasHolding)
    return CancelAction(stopsTimer: false, cancelling: cancel.cancelling)
  }

  /// Cancels every key and stops the timer.
  @usableFromInline
  package mutating func cancel() -> Cancellation {
    var cancelling: [(key: Key, tickets: Range<UInt64>)] = []
    for index in keys.indices {
      let action = keys.values[index].machine.cancel()
      keys.values[index].filing = 0
      if !action.cancelling.isEmpty { cancelling.append((keys.keys[index], action.cancelling)) }
    }
    // Left: the keys with runs in flight, until those return.
    keys = keys.filter { $0.value.machine.ledger.activeRunCount > 0 }
    holdingKeys = 0
    return Cancellation(stopsTimer: shared.stop(), cancelling: cancelling)
  }

  /// The owner is gone and its pending values must still run: `flush()` for every key, then
  /// later values are dropped. Nothing is left to time, so the timer stops; its task finds its
  /// generation gone when it wakes, and retires.
  ///
  /// Keys still remembered are forgotten: left filed, the timer, cancelled by the shutdown,
  /// would wake at once from every sleep toward them and spin until their end.
  @usableFromInline
  package mutating func shutDownRunningPending(
    at now: Instant
  ) -> [(key: Key, action: FlushAction<Value>)] {
    let actions = flush(at: now)
    isShutDown = true
    for key in Array(keys.keys) {
      guard let index = keys.index(forKey: key), keys.values[index].filing != 0 else { continue }
      keys.values[index].filing = 0
      store(at: index, wasHolding: keys.values[index].machine.hasHeldValue)
    }
    _ = shared.stop()
    return actions
  }

  /// `cancel()` for good: the owner is gone, and later values are dropped.
  @usableFromInline
  package mutating func shutDown() -> Cancellation {
    isShutDown = true
    return cancel()
  }

  // MARK: - Bookkeeping

  @inlinable
  mutating func countHolding(was wasHolding: Bool, is isHolding: Bool) {
    switch (wasHolding, isHolding) {
    case (false, true): holdingKeys += 1
    case (true, false): holdingKeys -= 1
    default: break
    }
  }

  /// Keeps the counts after an event of the key at `index`, and drops the key when nothing is
  /// left of it. The index is invalid afterwards.
  @inlinable
  mutating func store(at index: [Key: KeyState].Index, wasHolding: Bool) {
    countHolding(was: wasHolding, is: keys.values[index].machine.hasHeldValue)
    if keys.values[index].isSpent { keys.remove(at: index) }
    compactIfStale()
  }

  /// Rebuilds the heap when stale entries outnumber the live ones: amortised O(1) per entry.
  @inlinable
  mutating func compactIfStale() {
    guard shared.staleEntries > 32, shared.staleEntries > shared.heap.count / 2 else { return }
    compact()
  }

  @usableFromInline
  mutating func compact() {
    let keys = self.keys
    shared.heap.rebuild { keys[$0.key]?.filing == $0.filing }
    shared.staleEntries = 0
  }
}

extension KeyedStateMachine {
  /// The machine of a keyed debounce: every key a ``DebounceStateMachine`` made with these
  /// arguments.
  package init<Fold: RunFold, I: InstantProtocol>(
    interval: Duration, options: DebounceOptions, fold: Fold
  ) where Machine == DebounceStateMachine<Fold, I> {
    self.init(fresh: Machine(interval: interval, options: options, fold: fold))
  }

  /// The machine of a keyed debounce whose keys run their newest value, for tests.
  package init<V, I: InstantProtocol>(
    interval: Duration, options: DebounceOptions
  ) where Machine == DebounceStateMachine<LatestValue<V>, I> {
    self.init(fresh: Machine(interval: interval, options: options, fold: LatestValue()))
  }

  /// The machine of a keyed throttle: every key a ``ThrottleStateMachine`` made with these
  /// arguments.
  package init<Fold: RunFold, I: InstantProtocol>(
    interval: Duration, mode: ThrottleMode, fold: Fold
  ) where Machine == ThrottleStateMachine<Fold, I> {
    self.init(fresh: Machine(interval: interval, mode: mode, fold: fold))
  }
}

// The engine's table of keyed owners, whose machines number their inputs.
extension KeyedStateMachine: RunTable
where Machine.Input: NumberedPayload, Machine.Value: NumberedPayload {
  @usableFromInline
  package typealias RunTasks = [Key: [Task<Void, Never>]]

  /// An entry filed ahead of the one the timer sleeps toward starts a new generation.
  @inlinable
  package static var replacesTimerTasks: Bool { true }
}

// The actions of every table, by the names this machine's tests use.
extension KeyedStateMachine {
  /// What a cancel of every key asks of the engine.
  @usableFromInline
  package typealias Cancellation = CancelEveryKey<Key>
  /// A run of a key to start.
  @usableFromInline
  package typealias KeyRun = Settle.KeyRun<Key, Value>
  /// What the one timer task does when it wakes.
  @usableFromInline
  package typealias TimerStep = Settle.TimerStep<Key, Value, Instant>
}
