/// Keys as a dimension of a timed machine: one unkeyed ``TimedStateMachine`` per key, each
/// following its own rules unchanged, and one timer for them all. Free of tasks, clocks and
/// locks: every event is a `mutating func` that returns the action its owner, ``KeyedRuns``,
/// must apply. A keyed debouncer is this over ``DebounceStateMachine``, a keyed throttler over
/// ``ThrottleStateMachine``.
///
/// Each key's machine has its own ``RunLedger``, so runs of one key never overlap and runs of
/// different keys may. Its timer is virtual: where the unkeyed engine would start a timer
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
/// - An entry filed ahead of the one the timer sleeps toward (a throttle window that opened
///   earlier than another key's) replaces the timer with a new generation, which its owner
///   starts in place of the old task.
///
/// Only the machine's rules for a send and a timer step are the key's own; flush, cancel,
/// claims and shutdown are the shared ones of ``TimedStateMachine``, applied per key.
@usableFromInline
package struct KeyedStateMachine<Key: Hashable & Sendable, Machine: TimedStateMachine>: Sendable {
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
    /// The filing number of the key's live heap entry; `nil` when it has none.
    @usableFromInline
    var filing: UInt64?
    /// The deadline of that entry.
    @usableFromInline
    var filedFor: Instant?

    @inlinable
    init(machine: Machine) {
      self.machine = machine
    }
  }

  /// A key's machine before its first send, copied for every new key.
  @usableFromInline
  let fresh: Machine
  @usableFromInline
  var keys: [Key: KeyState] = [:]
  @usableFromInline
  var heap = DeadlineHeap<Instant, Key>()
  /// Heap entries whose key has since been re-filed, flushed, cancelled or dropped.
  @usableFromInline
  var staleEntries = 0
  /// Filing numbers handed out so far.
  @usableFromInline
  var filings: UInt64 = 0
  /// Keys whose machine holds a value that has not run.
  @usableFromInline
  var holdingKeys = 0
  /// Runs dispatched and not yet returned, over all keys.
  @usableFromInline
  package var runsInFlight = 0
  /// The one timer task, as the machine sees it.
  @usableFromInline
  package var timer = RunLedger.Timer.stopped
  /// Timer tasks started so far; each one's generation is the count when it started.
  @usableFromInline
  package var timersStarted: UInt64 = 0
  /// Where the timer sleeps; set exactly while ``timer`` is `.asleep`.
  @usableFromInline
  package var timerDeadline: Instant?
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
  package var heapCount: Int { heap.count }

  /// The ledger of `key`, while the machine holds it.
  @usableFromInline
  func ledger(forKey key: Key) -> RunLedger? { keys[key]?.machine.ledger }

  /// A value of `key` is waiting to run: not yet due, or due and not yet started.
  package func isPending(forKey key: Key) -> Bool { keys[key]?.machine.isPending ?? false }

  /// The value `key` holds that has not run, if any, left in place: how the engine learns
  /// whether a send was kept.
  package func heldValue(forKey key: Key) -> Value? { keys[key]?.machine.heldValue }

  /// Nothing is pending for any key and no run is in flight. A key only remembered does not
  /// count.
  package var isIdle: Bool { runsInFlight == 0 && holdingKeys == 0 }

  /// No run is in flight, and the timer, if any, sleeps toward a deadline after `now`.
  package func isQuiescent(at now: Instant) -> Bool {
    guard runsInFlight == 0 else { return false }
    switch timer {
    case .stopped: return true
    case .awake: return false
    case .asleep: return timerDeadline.map { $0 > now } ?? false
    }
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
    let wasHolding = keys.values[index].machine.hasHeldValue
    let action = keys.values[index].machine.send(input, at: now)
    // The common case inside a burst: the machine's timer, and so the key's entry, already
    // covers the new value, and only the value changed.
    if case .none = action, wasHolding == keys.values[index].machine.hasHeldValue {
      return .none
    }
    return apply(action, at: index, forKey: key, wasHolding: wasHolding, at: now)
  }

  /// `send` for a key the machine holds nothing of.
  @inlinable @inline(never)
  mutating func sendToNewKey(_ input: Input, forKey key: Key, at now: Instant) -> SendAction<Value>
  {
    var state = KeyState(machine: fresh)
    let action = state.machine.send(input, at: now)
    keys[key] = state
    guard let index = keys.index(forKey: key) else {
      preconditionFailure("Internal inconsistency in Settle: a key vanished as it was stored")
    }
    return apply(action, at: index, forKey: key, wasHolding: false, at: now)
  }

  /// Applies what the key's machine decided on a send: its run counted, its timer stepped,
  /// the key filed, and the one timer started when none runs.
  @inlinable @inline(never)
  mutating func apply(
    _ action: SendAction<Value>, at index: [Key: KeyState].Index, forKey key: Key,
    wasHolding: Bool, at now: Instant
  ) -> SendAction<Value> {
    var run: StartRun<Value>?
    switch action {
    case .none:
      break
    case .startRun(let started):
      runsInFlight += 1
      run = started
    case .startTimer(let generation):
      run = stepTimer(at: index, generation: generation, at: now)
    case .startRunAndTimer(let started, let generation):
      runsInFlight += 1
      run = started
      if stepTimer(at: index, generation: generation, at: now) != nil {
        preconditionFailure(
          "Internal inconsistency in Settle: one send of a key started two runs at once")
      }
    }
    let generation = refile(at: index, forKey: key, at: now)
    store(at: index, wasHolding: wasHolding)
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
  @usableFromInline
  package mutating func timerWoke(generation: UInt64, at now: Instant) -> TimerStep {
    switch timer {
    case .awake(let current) where current == generation,
      .asleep(let current)
    where current == generation:
      break
    case .stopped, .awake, .asleep:
      return TimerStep(starts: [], next: .retire)
    }
    timer = .awake(generation: generation)
    timerDeadline = nil
    var starts: [KeyRun] = []
    while let entry = heap.top, entry.deadline <= now {
      heap.popTop()
      guard let index = keys.index(forKey: entry.key), keys.values[index].filing == entry.filing
      else {
        staleEntries -= 1
        continue
      }
      keys.values[index].filing = nil
      keys.values[index].filedFor = nil
      let wasHolding = keys.values[index].machine.hasHeldValue
      if case .asleep(let keyTimer) = keys.values[index].machine.ledger.timer,
        let run = stepTimer(at: index, generation: keyTimer, at: now)
      {
        starts.append(KeyRun(key: entry.key, run: run))
      }
      // Any new entry lies after `now`, so this loop ends; the timer is awake, so filing
      // starts no timer.
      _ = refile(at: index, forKey: entry.key, at: now)
      store(at: index, wasHolding: wasHolding)
    }
    // Stale entries ahead of the first live one would only wake the timer for nothing.
    while let entry = heap.top, keys[entry.key]?.filing != entry.filing {
      heap.popTop()
      staleEntries -= 1
    }
    if let entry = heap.top {
      timer = .asleep(generation: generation)
      timerDeadline = entry.deadline
      return TimerStep(starts: starts, next: .sleep(until: entry.deadline))
    }
    timer = .stopped
    return TimerStep(starts: starts, next: .stop)
  }

  /// Steps the key's own timer at `now` until it sleeps or stops, as its task would; returns
  /// the run it started, if any.
  @inlinable
  mutating func stepTimer(
    at index: [Key: KeyState].Index, generation: UInt64, at now: Instant
  ) -> StartRun<Value>? {
    var started: StartRun<Value>?
    while true {
      switch keys.values[index].machine.timerWoke(generation: generation, at: now) {
      case .sleep, .stop:
        return started
      case .startRun(let run):
        guard started == nil else {
          preconditionFailure(
            "Internal inconsistency in Settle: a key's timer started two runs at one instant")
        }
        runsInFlight += 1
        started = run
      case .retire:
        preconditionFailure("Internal inconsistency in Settle: a key's own timer was replaced")
      }
    }
  }

  // MARK: - Runs

  /// A dispatched run of `key` is about to start: its value, or `nil` when it must not start.
  @usableFromInline
  package mutating func claim(_ ticket: RunTicket<Value>, forKey key: Key) -> Value? {
    guard let index = keys.index(forKey: key) else {
      preconditionFailure("Internal inconsistency in Settle: a run claimed for a key with no state")
    }
    let wasHolding = keys.values[index].machine.hasHeldValue
    let value = keys.values[index].machine.claim(ticket)
    // The key's run is in flight, so the key stays whatever it holds now.
    countHolding(was: wasHolding, is: keys.values[index].machine.hasHeldValue)
    return value
  }

  /// A dispatched run of `key` returned, whether or not it started.
  @usableFromInline
  package mutating func runReturned(_ ticket: RunTicket<Value>, forKey key: Key) {
    guard let index = keys.index(forKey: key) else {
      preconditionFailure(
        "Internal inconsistency in Settle: a run returned for a key with no state")
    }
    keys.values[index].machine.runReturned(ticket)
    runsInFlight -= 1
    let holding = keys.values[index].machine.hasHeldValue
    store(at: index, wasHolding: holding)
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
      stepTimer(at: index, generation: keyTimer, at: now) != nil
    {
      preconditionFailure("Internal inconsistency in Settle: a flushed key's timer started a run")
    }
    if refile(at: index, forKey: key, at: now) != nil {
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
    unfile(at: index)
    store(at: index, wasHolding: wasHolding)
    return CancelAction(stopsTimer: false, cancelling: cancel.cancelling)
  }

  /// Cancels every key and stops the timer.
  @usableFromInline
  package mutating func cancel() -> Cancellation {
    var cancelling: [(key: Key, tickets: Range<UInt64>)] = []
    for index in keys.indices {
      let action = keys.values[index].machine.cancel()
      keys.values[index].filing = nil
      keys.values[index].filedFor = nil
      if !action.cancelling.isEmpty { cancelling.append((keys.keys[index], action.cancelling)) }
    }
    // Left: the keys with runs in flight, until those return.
    keys = keys.filter { $0.value.machine.ledger.activeRunCount > 0 }
    holdingKeys = 0
    heap.removeAll()
    staleEntries = 0
    let stopsTimer = timer != .stopped
    timer = .stopped
    timerDeadline = nil
    return Cancellation(stopsTimer: stopsTimer, cancelling: cancelling)
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
      guard let index = keys.index(forKey: key), keys.values[index].filing != nil else { continue }
      keys.values[index].filing = nil
      keys.values[index].filedFor = nil
      store(at: index, wasHolding: keys.values[index].machine.hasHeldValue)
    }
    heap.removeAll()
    staleEntries = 0
    timer = .stopped
    timerDeadline = nil
    return actions
  }

  /// `cancel()` for good: the owner is gone, and later values are dropped.
  @usableFromInline
  package mutating func shutDown() -> Cancellation {
    isShutDown = true
    return cancel()
  }

  // MARK: - Filing

  /// When the timer must next look at the key, if ever: its machine's timer deadline, or the
  /// end of what its machine remembers.
  @inlinable
  func attention(_ state: KeyState, at now: Instant) -> Instant? {
    if case .asleep = state.machine.ledger.timer {
      guard let deadline = state.machine.timerDeadline else {
        preconditionFailure(
          "Internal inconsistency in Settle: a key's timer sleeps with no deadline")
      }
      return deadline
    }
    guard let end = state.machine.remembersUntil, end > now else { return nil }
    return end
  }

  /// Files the key at the moment it needs attention, unless its live entry is no later;
  /// unfiles it when it needs none. Returns the generation of a timer to start: when none
  /// runs, or to replace one that sleeps past the new entry.
  @inlinable
  mutating func refile(at index: [Key: KeyState].Index, forKey key: Key, at now: Instant) -> UInt64?
  {
    guard let deadline = attention(keys.values[index], at: now) else {
      unfile(at: index)
      return nil
    }
    if let filed = keys.values[index].filedFor, filed <= deadline { return nil }
    if keys.values[index].filing != nil { staleEntries += 1 }
    filings &+= 1
    keys.values[index].filing = filings
    keys.values[index].filedFor = deadline
    heap.push(.init(deadline: deadline, filing: filings, key: key))
    switch timer {
    case .awake:
      return nil
    case .asleep:
      guard let timerDeadline, deadline < timerDeadline else { return nil }
    case .stopped:
      break
    }
    timersStarted &+= 1
    timer = .awake(generation: timersStarted)
    timerDeadline = nil
    return timersStarted
  }

  /// Marks the key's entry, if any, stale.
  @inlinable
  mutating func unfile(at index: [Key: KeyState].Index) {
    guard keys.values[index].filing != nil else { return }
    keys.values[index].filing = nil
    keys.values[index].filedFor = nil
    staleEntries += 1
  }

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
    let state = keys.values[index]
    let isHolding = state.machine.hasHeldValue
    countHolding(was: wasHolding, is: isHolding)
    if !isHolding && state.machine.ledger.activeRunCount == 0 && state.filing == nil {
      keys.remove(at: index)
    }
    compactIfStale()
  }

  /// Rebuilds the heap when stale entries outnumber the live ones: amortised O(1) per entry.
  @inlinable
  mutating func compactIfStale() {
    guard staleEntries > 32, staleEntries > heap.count / 2 else { return }
    compact()
  }

  @usableFromInline
  mutating func compact() {
    let keys = self.keys
    heap.rebuild { keys[$0.key]?.filing == $0.filing }
    staleEntries = 0
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

/// The machine of a keyed debounce, as its tests name it.
package typealias KeyedDebounceStateMachine<
  Key: Hashable & Sendable, Fold: RunFold, Instant: InstantProtocol
> = KeyedStateMachine<Key, DebounceStateMachine<Fold, Instant>>
where Instant.Duration == Duration

// The actions only this machine returns, nested as `TriggerStateMachine` nests its own.
extension KeyedStateMachine {
  /// What a ``KeyedStateMachine`` asks of its owner on `cancel()` of every key: stop the
  /// timer task and the runs in flight. Their tickets are already void, so none of them starts
  /// even if its task is past its cancellation checks.
  @usableFromInline
  package struct Cancellation: Sendable {
    /// Cancel the timer task.
    @usableFromInline
    package let stopsTimer: Bool
    /// Per key with runs in flight, the tickets whose tasks to cancel.
    @usableFromInline
    package let cancelling: [(key: Key, tickets: Range<UInt64>)]

    @inlinable
    package init(stopsTimer: Bool, cancelling: [(key: Key, tickets: Range<UInt64>)]) {
      self.stopsTimer = stopsTimer
      self.cancelling = cancelling
    }
  }

  /// Part of a keyed action: start a run of `key` (see ``StartRun``; tickets count per key).
  @usableFromInline
  package struct KeyRun: Sendable {
    /// The key whose run this is.
    @usableFromInline
    package let key: Key
    /// The run, and the runs of the same key it supersedes.
    @usableFromInline
    package let run: StartRun<Value>

    @inlinable
    package init(key: Key, run: StartRun<Value>) {
      self.key = key
      self.run = run
    }
  }

  /// What a ``KeyedStateMachine`` asks of its one timer task when it wakes: the runs of every
  /// key now due, and what the timer does next.
  @usableFromInline
  package struct TimerStep: Sendable {
    /// What the timer does once the runs are started.
    @usableFromInline
    package enum Next: Sendable {
      /// Sleep until the earliest deadline left, then report again.
      case sleep(until: Instant)
      /// No key needs the timer: it ends, and its owner forgets its task.
      case stop
      /// This timer was replaced (by `cancel()`, or by an earlier entry) while it slept: it
      /// ends and touches nothing.
      case retire
    }

    /// The runs to start, in deadline order.
    @usableFromInline
    package let starts: [KeyRun]
    @usableFromInline
    package let next: Next

    @inlinable
    package init(starts: [KeyRun], next: Next) {
      self.starts = starts
      self.next = next
    }
  }
}
