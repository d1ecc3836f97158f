/// The decisions of a ``KeyedDebouncer``, free of tasks, clocks and locks: every event is a
/// `mutating func` that returns the action its owner, ``KeyedDebounceRuns``, must apply.
///
/// Each key follows ``DebounceStateMachine``'s rules (leading, trailing, maxWait, claims on
/// the action's isolation) with its own ``RunLedger``, so runs of one key never overlap and
/// runs of different keys may. What is shared is one timer and a ``DeadlineHeap``:
///
/// - A key that needs the timer, because a value waits for its quiet period or, with
///   `leading`, because its burst is still open, has exactly one *live* heap entry, filed no
///   later than the moment it needs attention. A send inside a burst moves that moment later
///   and leaves the entry alone: O(1), no heap work.
/// - When the timer wakes, it pops every entry due, skips stale ones, and for each live one
///   either starts the key's run, re-files the key at its moved deadline, or ends its burst.
///   It then sleeps until the earliest live entry, or stops when there is none.
/// - An entry goes stale when its key is flushed, cancelled or re-filed; stale entries are
///   skipped when they come out, and the heap is rebuilt when they outnumber the live ones,
///   so it never holds more than about twice the keys that need the timer.
/// - The state of a key is dropped as soon as nothing is pending for it, no run of it is in
///   flight and its burst (with `leading`) is over: memory is bounded by the keys that are
///   pending or running.
///
/// A new entry never precedes the one the timer sleeps toward: every entry is filed at most
/// one interval after the moment it is filed (maxWait is at least the interval), so a
/// deadline filed now is no earlier than any filed before.
@usableFromInline
package struct KeyedDebounceStateMachine<
  Key: Hashable & Sendable, Fold: RunFold, Instant: InstantProtocol
>: Sendable where Instant.Duration == Duration {
  /// What `send` takes for a key.
  @usableFromInline
  package typealias Input = Fold.Input
  /// What a key's run receives: the fold of its inputs since its previous run.
  @usableFromInline
  package typealias Value = Fold.Output
  /// Where a key's value not yet run stands: the unkeyed machine's phase, with its in-place
  /// fold, reused as is.
  @usableFromInline
  typealias Phase = DebounceStateMachine<Fold, Instant>.Phase

  /// Everything the machine knows of one key.
  @usableFromInline
  struct KeyState: Sendable {
    @usableFromInline
    var phase = Phase.idle
    @usableFromInline
    var ledger = RunLedger()
    /// The filing number of the key's live heap entry; `nil` when it has none.
    @usableFromInline
    var filing: UInt64?
    @usableFromInline
    var lastSend: Instant?
    @usableFromInline
    var maxDeadline: Instant?

    @inlinable
    init() {}

    @inlinable
    var isWaiting: Bool {
      if case .waiting = phase { return true }
      return false
    }

    @inlinable
    var hasHeldValue: Bool {
      if case .idle = phase { return false }
      return true
    }
  }

  @usableFromInline
  package let interval: Duration
  @usableFromInline
  package let leading: Bool
  @usableFromInline
  package let trailing: Bool
  @usableFromInline
  package let maxWait: Duration?
  /// How a key's inputs join its pending value.
  @usableFromInline
  let fold: Fold

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
  /// Keys whose value waits for its quiet period.
  @usableFromInline
  var waitingKeys = 0
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

  /// Creates the machine; `maxWait` is raised to at least `interval`.
  @usableFromInline
  package init(interval: Duration, options: DebounceOptions, fold: Fold) {
    precondition(
      interval >= .zero,
      "KeyedDebouncer interval was \(interval); pass a duration of zero or more."
    )
    // Checked again: the fields are `var`, so options may have changed since their init.
    options.checkValid()
    self.interval = interval
    self.leading = options.leading
    self.trailing = options.trailing
    self.maxWait = options.maxWait.map { max($0, interval) }
    self.fold = fold
  }

  /// A machine whose keys run their newest value, for tests of the plain rules.
  package init<V>(interval: Duration, options: DebounceOptions) where Fold == LatestValue<V> {
    self.init(interval: interval, options: options, fold: LatestValue())
  }

  // MARK: - Queries

  /// Keys the machine holds state for: pending, running, or (with `leading`) in an open burst.
  package var keyCount: Int { keys.count }

  /// Entries in the deadline heap, live and stale.
  package var heapCount: Int { heap.count }

  /// The ledger of `key`, while the machine holds it.
  @usableFromInline
  func ledger(forKey key: Key) -> RunLedger? { keys[key]?.ledger }

  /// A value of `key` is waiting to run: not yet due, or due and not yet started.
  package func isPending(forKey key: Key) -> Bool {
    guard let state = keys[key] else { return false }
    return state.hasHeldValue || state.ledger.unclaimedCarriedRuns > 0
  }

  /// The value `key` holds that has not run, if any, left in place: how the engine learns
  /// whether a send was kept.
  package func heldValue(forKey key: Key) -> Value? {
    switch keys[key]?.phase {
    case .waiting(let value)?, .dueTrailing(let value, _)?, .dueNewest(let value, _)?: value
    case .idle?, nil: nil
    }
  }

  /// Nothing is pending for any key and no run is in flight. A key whose leading burst is
  /// still open but has nothing pending does not count.
  package var isIdle: Bool { runsInFlight == 0 && waitingKeys == 0 }

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

  /// A value for `key` arrives at `now`.
  @inlinable
  package mutating func send(
    _ input: Input, forKey key: Key, at now: Instant
  ) -> SendAction<Value> {
    // The common case inside a trailing burst: the key's live heap entry is no later than its
    // new deadline, and the timer re-files it when it wakes, so only the value and the send
    // time change.
    if !leading, let index = keys.index(forKey: key), keys.values[index].isWaiting {
      if Fold.replaces {
        keys.values[index].phase = .waiting(fold.start(with: input))
      } else {
        keys.values[index].phase.add(input, with: fold)
      }
      keys.values[index].lastSend = now
      return .none
    }
    return sendOutsideBurst(input, forKey: key, at: now)
  }

  /// `send` for every case but the trailing fast path: a new key, the leading edge, a value
  /// arriving while the key's run is dispatched. The rules are ``DebounceStateMachine``'s,
  /// for this key.
  @inlinable @inline(never)
  mutating func sendOutsideBurst(
    _ input: Input, forKey key: Key, at now: Instant
  ) -> SendAction<Value> {
    guard !isShutDown else { return .none }
    // A folding key's state is taken out of the table, so that the fold below mutates the
    // only reference to its accumulation: in place, not a copy.
    var state = (Fold.replaces ? keys[key] : keys.removeValue(forKey: key)) ?? KeyState()
    let wasWaiting = state.isWaiting
    let opensBurst = leading && (state.lastSend.map { now >= $0.advanced(by: interval) } ?? true)
    state.lastSend = now
    var run: StartRun<Value>?
    if opensBurst {
      // A trailing value of the previous burst that has not started yet is superseded: it
      // joins this run (for a plain debounce, the new value simply replaces it).
      let value = state.phase.taking(input, with: fold)
      run = dispatch(&state, carrying: value)
    } else if trailing {
      if case .idle = state.phase {
        // maxWait counts from the first value not yet run.
        state.maxDeadline = maxWait.map { now.advanced(by: $0) }
        state.phase = .waiting(fold.start(with: input))
      } else if case .dueNewest = state.phase {
        // The dispatched maxWait run takes the pending value when it claims.
        state.phase.add(input, with: fold)
      } else {
        // Waiting, or a trailing run dispatched and not yet claimed, which is superseded:
        // the value waits again, with this input joined to it.
        let value = state.phase.taking(input, with: fold)
        state.phase = .waiting(value)
      }
    }
    let generation = fileIfNeeded(&state, forKey: key)
    store(state, forKey: key, wasWaiting: wasWaiting)
    switch (run, generation) {
    case (nil, nil): return .none
    case (nil, let generation?): return .startTimer(generation: generation)
    case (let run?, nil): return .startRun(run)
    case (let run?, let generation?): return .startRunAndTimer(run, generation: generation)
    }
  }

  // MARK: - Timer

  /// The timer task of `generation` is awake at `now`: start every run due, re-file the keys
  /// whose deadline moved, end the bursts that are over, and say where to sleep next.
  @usableFromInline
  package mutating func timerWoke(
    generation: UInt64, at now: Instant
  ) -> TimerStep {
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
      guard let previous = keys[entry.key], previous.filing == entry.filing else {
        staleEntries -= 1
        continue
      }
      var state = previous
      state.filing = nil
      if case .waiting(let value) = state.phase, let lastSend = state.lastSend {
        if let maxDeadline = state.maxDeadline, now >= maxDeadline {
          let run = dispatch(&state, carrying: Value?.none)
          state.phase = .dueNewest(value, ticket: run.ticket.id)
          starts.append(KeyRun(key: entry.key, run: run))
        } else if now >= lastSend.advanced(by: interval) {
          let run = dispatch(&state, carrying: Value?.none)
          state.phase = .dueTrailing(value, ticket: run.ticket.id)
          starts.append(KeyRun(key: entry.key, run: run))
        }
      }
      if !state.isWaiting, let lastSend = state.lastSend, now >= lastSend.advanced(by: interval) {
        // The burst is over: the next send opens a new one (and so a new leading edge).
        state.lastSend = nil
      }
      // Any new entry lies after `now`, so this loop ends; the timer is awake, so filing
      // starts no timer.
      _ = fileIfNeeded(&state, forKey: entry.key)
      store(state, forKey: entry.key, wasWaiting: previous.isWaiting)
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

  // MARK: - Runs

  /// A dispatched run of `key` is about to start: its value, or `nil` when it must not start.
  @usableFromInline
  package mutating func claim(_ ticket: RunTicket<Value>, forKey key: Key) -> Value? {
    guard var state = keys[key] else {
      preconditionFailure("Internal inconsistency in Settle: a run claimed for a key with no state")
    }
    defer { keys[key] = state }
    guard state.ledger.claim(ticket) else { return nil }
    if let carried = ticket.carried { return carried }
    switch state.phase {
    case .dueTrailing(let value, let due) where due == ticket.id,
      .dueNewest(let value, let due) where due == ticket.id:
      state.phase = .idle
      return value
    case .idle, .waiting, .dueTrailing, .dueNewest:
      return nil
    }
  }

  /// A dispatched run of `key` returned, whether or not it started.
  @usableFromInline
  package mutating func runReturned(_ ticket: RunTicket<Value>, forKey key: Key) {
    guard var state = keys[key] else {
      preconditionFailure(
        "Internal inconsistency in Settle: a run returned for a key with no state")
    }
    state.ledger.runReturned(ticket.id)
    runsInFlight -= 1
    store(state, forKey: key, wasWaiting: state.isWaiting)
  }

  // MARK: - Flush and cancel

  /// Runs `key`'s pending value now; a value already dispatched with its run is awaited.
  @usableFromInline
  package mutating func flush(forKey key: Key) -> FlushAction<Value> {
    guard let previous = keys[key] else { return .none }
    if SeededFault.isSeeded(.keyedFlushTouchesOtherKeys) {
      for other in keys.keys where other != key { keys[other]?.phase = .idle }
    }
    var state = previous
    let action: FlushAction<Value>
    if let value = Self.takePendingValue(&state) {
      action = .startRun(dispatch(&state, carrying: value))
    } else if state.ledger.unclaimedCarriedRuns > 0, let newest = state.ledger.newestRunInFlight {
      action = .awaitRun(newest)
    } else {
      action = .none
    }
    unfileIfUnneeded(&state)
    store(state, forKey: key, wasWaiting: previous.isWaiting)
    return action
  }

  /// `flush(forKey:)` for every key that has something to run or to await.
  @usableFromInline
  package mutating func flush() -> [(key: Key, action: FlushAction<Value>)] {
    var actions: [(key: Key, action: FlushAction<Value>)] = []
    for key in Array(keys.keys) {
      let action = flush(forKey: key)
      if case .none = action { continue }
      actions.append((key, action))
    }
    return actions
  }

  /// Drops `key`'s pending value, voids its tickets and ends its burst; other keys go on.
  @usableFromInline
  package mutating func cancel(forKey key: Key) -> CancelAction {
    guard let previous = keys[key] else {
      return CancelAction(stopsTimer: false, cancelling: 0..<0)
    }
    var state = previous
    let action = Self.cancelKeepingEntry(&state)
    if state.filing != nil {
      state.filing = nil
      staleEntries += 1
    }
    store(state, forKey: key, wasWaiting: previous.isWaiting)
    return action
  }

  /// Cancels every key and stops the timer.
  @usableFromInline
  package mutating func cancel() -> Cancellation {
    var cancelling: [(key: Key, tickets: Range<UInt64>)] = []
    for index in keys.indices {
      let action = Self.cancelKeepingEntry(&keys.values[index])
      keys.values[index].filing = nil
      if !action.cancelling.isEmpty { cancelling.append((keys.keys[index], action.cancelling)) }
    }
    // Left: the keys with runs in flight, until those return.
    keys = keys.filter { $0.value.ledger.activeRunCount > 0 }
    waitingKeys = 0
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
  /// A key whose burst has not ended stays filed for its leading edge; left filed, the timer,
  /// cancelled by the shutdown, would wake at once from every sleep toward it and spin until
  /// the burst's end.
  @usableFromInline
  package mutating func shutDownRunningPending() -> [(key: Key, action: FlushAction<Value>)] {
    let actions = flush()
    isShutDown = true
    for key in Array(keys.keys) {
      guard var state = keys[key], state.filing != nil else { continue }
      state.filing = nil
      store(state, forKey: key, wasWaiting: state.isWaiting)
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

  // MARK: - Helpers

  @inlinable
  mutating func dispatch(_ state: inout KeyState, carrying value: Value?) -> StartRun<Value> {
    runsInFlight += 1
    return state.ledger.dispatch(carrying: value)
  }

  /// When the timer must next look at the key, if ever.
  @inlinable
  func attention(_ state: KeyState) -> Instant? {
    guard let lastSend = state.lastSend else { return nil }
    let quiet = lastSend.advanced(by: interval)
    if state.isWaiting {
      return state.maxDeadline.map { min($0, quiet) } ?? quiet
    }
    // With a leading edge the key stays until its burst is over, so that a send inside the
    // burst is not taken for a new leading edge.
    return leading ? quiet : nil
  }

  /// Files the key in the heap if it needs the timer and has no live entry; returns the
  /// generation of a timer to start when none runs.
  @inlinable
  mutating func fileIfNeeded(_ state: inout KeyState, forKey key: Key) -> UInt64? {
    guard state.filing == nil, let deadline = attention(state) else { return nil }
    filings &+= 1
    state.filing = filings
    heap.push(.init(deadline: deadline, filing: filings, key: key))
    guard timer == .stopped else { return nil }
    timersStarted &+= 1
    timer = .awake(generation: timersStarted)
    return timersStarted
  }

  /// Marks the key's entry stale when the key no longer needs the timer.
  @usableFromInline
  mutating func unfileIfUnneeded(_ state: inout KeyState) {
    guard state.filing != nil, attention(state) == nil else { return }
    state.filing = nil
    staleEntries += 1
  }

  /// Stores the key's new state, or drops it when nothing is left of it; keeps the counts.
  @inlinable
  mutating func store(_ state: KeyState, forKey key: Key, wasWaiting: Bool) {
    switch (wasWaiting, state.isWaiting) {
    case (false, true): waitingKeys += 1
    case (true, false): waitingKeys -= 1
    default: break
    }
    if !state.hasHeldValue && state.ledger.activeRunCount == 0 && state.filing == nil {
      keys.removeValue(forKey: key)
    } else {
      keys[key] = state
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

  @usableFromInline
  static func takePendingValue(_ state: inout KeyState) -> Value? {
    switch state.phase {
    case .idle:
      return nil
    case .waiting(let value), .dueTrailing(let value, _), .dueNewest(let value, _):
      state.phase = .idle
      return value
    }
  }

  @usableFromInline
  static func cancelKeepingEntry(_ state: inout KeyState) -> CancelAction {
    state.phase = .idle
    state.lastSend = nil
    state.maxDeadline = nil
    return state.ledger.cancel()
  }
}

// The actions only this machine returns, nested as `TriggerStateMachine` nests its own.
extension KeyedDebounceStateMachine {
  /// What a ``KeyedDebounceStateMachine`` asks of its owner on `cancel()` of every key: stop the
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

  /// What a ``KeyedDebounceStateMachine`` asks of its one timer task when it wakes: the runs of
  /// every key now due, and what the timer does next.
  @usableFromInline
  package struct TimerStep: Sendable {
    /// What the timer does once the runs are started.
    @usableFromInline
    package enum Next: Sendable {
      /// Sleep until the earliest deadline left, then report again.
      case sleep(until: Instant)
      /// No key needs the timer: it ends, and its owner forgets its task.
      case stop
      /// This timer was replaced (by `cancel()`) while it slept: it ends and touches nothing.
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
