// Uses `LockedState` (package) only as a plain lock; any lock would do.
import Settle
import SettleTesting

/// The actor the scripts and the actions share: the guarantee that no action for a value
/// superseded by an earlier `send` or `cancel` begins holds when they share one (see
/// ``Debouncer``), because the claim and the action's start are one turn of that actor. Its
/// executor keeps its jobs for the explorer (see ``ExplorationExecutor``).
@globalActor actor ExplorationActor {
  static let shared = ExplorationActor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    ExplorationExecutor.actor.asUnownedSerialExecutor()
  }
}

/// Holds an object weakly. Set when a scenario starts and read once every job ran, both on
/// the exploring thread.
final class WeakReference: @unchecked Sendable {
  weak var object: AnyObject?
}

/// A scenario on one owner (a `Debouncer` or `Throttler`) whose action reports to a ledger.
protocol OwnerScenario: JobScenario {
  var ledger: ActionLedger { get }
}

extension OwnerScenario {
  var events: EventLog { ledger.events }
  func brokenSoFar() -> String? { ledger.overlapped ? "two actions ran at once" : nil }
}

/// What the actions of a scenario saw: the values that started, in order, how many actions
/// ran at once, and at which step of the script each value started.
final class ActionLedger: Sendable {
  private struct State {
    var started: [Int] = []
    var running = 0
    var overlapped = false
    /// The script's progress: bumped after each of its steps returns.
    var scriptStep = 0
    var startedAtStep: [Int: Int] = [:]
    /// Set by ``scriptEnds(idle:)``: whether the owner was idle when `waitUntilIdle()`
    /// returned.
    var idleAtTheEnd: Bool?
  }

  private let state = LockedState(State())
  let events = EventLog()
  /// The owner under test, held weakly: whether a task still holds it once every job ran.
  private let owner = WeakReference()

  /// The action every owner scenario uses unless it needs its own: records its start, suspends
  /// once on the scenario's actor, records its return.
  var suspendingAction: @Sendable @ExplorationActor (Int) async -> Void {
    { [self] value in
      actionStarts(value)
      await Task.yield()
      actionReturns(value)
    }
  }

  /// Watches `object`, the owner under test, for ``checkScript()``.
  func watch(_ object: AnyObject) { owner.object = object }

  /// The script's last step, right after `waitUntilIdle()` returned: records whether the
  /// owner was idle then (`ownerIdle`, its `!isPending`, and no action running).
  func scriptEnds(ownerIdle: Bool) {
    state.withLock { $0.idleAtTheEnd = ownerIdle && $0.running == 0 }
    scriptDid("waitUntilIdle() returned")
  }

  /// What every owner scenario promises once every job ran: its script finished,
  /// `waitUntilIdle()` returned with the owner idle, and no task still holds the owner.
  func checkScript() -> String? {
    switch state.withLock({ $0.idleAtTheEnd }) {
    case nil: return "the script never finished"
    case false?: return "waitUntilIdle() returned while a value was pending or an action ran"
    case true?: break
    }
    if owner.object != nil { return "the owner outlived its script: a task still holds it" }
    return nil
  }

  func scriptDid(_ step: String) {
    state.withLock { $0.scriptStep += 1 }
    events.record("script: \(step)")
  }

  func actionStarts(_ value: Int) {
    state.withLock { state in
      state.started.append(value)
      state.running += 1
      if state.running > 1 { state.overlapped = true }
      state.startedAtStep[value] = state.scriptStep
    }
    events.record("action starts \(value)")
  }

  func actionReturns(_ value: Int) {
    state.withLock { $0.running -= 1 }
    events.record("action returns \(value)")
  }

  var started: [Int] { state.withLock { $0.started } }
  var running: Int { state.withLock { $0.running } }
  var overlapped: Bool { state.withLock { $0.overlapped } }
  /// The script step at which `value` started, if it did.
  func stepWhenStarted(_ value: Int) -> Int? { state.withLock { $0.startedAtStep[value] } }

  /// The guarantees every timed owner keeps: no overlap, each value at most once and in send
  /// order, and none of `voided` started after the script step that voided it returned.
  func checkRuns(voided: [(values: ClosedRange<Int>, byStep: Int)]) -> String? {
    if overlapped { return "two actions ran at once" }
    let values = started
    if values != values.sorted() || Set(values).count != values.count {
      return "values ran out of order or twice: \(values)"
    }
    for rule in voided {
      for value in rule.values {
        if let step = stepWhenStarted(value), step >= rule.byStep {
          return
            "value \(value) started after script step \(rule.byStep) had superseded it (started at step \(step))"
        }
      }
    }
    return nil
  }
}

/// A `Debouncer` on a `ManualClock`, whose action suspends once: the script sends 1 and 2,
/// lets the quiet period pass, sends 3, cancels, sends 4, flushes and waits until idle; the
/// timer task, the run tasks and the script interleave in every order.
final class DebouncerScenario: OwnerScenario {
  let ledger = ActionLedger()

  init() {}

  func start() {
    let ledger = ledger
    let clock = ManualClock()
    let debouncer = Debouncer(for: .milliseconds(10), clock: clock, action: ledger.suspendingAction)
    ledger.watch(debouncer)
    Task { @ExplorationActor in
      debouncer.send(1)
      ledger.scriptDid("send(1)")
      debouncer.send(2)
      ledger.scriptDid("send(2)")
      await clock.advance(by: .milliseconds(10))
      ledger.scriptDid("advance 10 ms")
      debouncer.send(3)
      ledger.scriptDid("send(3)")
      debouncer.cancel()
      ledger.scriptDid("cancel()")
      debouncer.send(4)
      ledger.scriptDid("send(4)")
      await debouncer.flush()
      ledger.scriptDid("flush() returned")
      await debouncer.waitUntilIdle()
      ledger.scriptEnds(ownerIdle: !debouncer.isPending)
    }
  }

  func check() -> String? {
    if let broken = ledger.checkScript() { return broken }
    // Step numbers count the script's completed steps: send(2) is step 2, cancel() step 5.
    if let broken = ledger.checkRuns(voided: [(1...1, 2), (1...3, 5)]) { return broken }
    if ledger.started.last != 4 { return "flush() returned, but 4 never ran: \(ledger.started)" }
    if ledger.stepWhenStarted(4).map({ $0 > 6 }) == true {
      return "4 started only after flush() returned"
    }
    return nil
  }
}

/// A `Debouncer` whose script waits until idle while the run it started may still be going:
/// send 1, let the quiet period pass, then `waitUntilIdle()`, which must not return before the
/// action for 1 has returned.
final class DebouncerIdleScenario: OwnerScenario {
  let ledger = ActionLedger()

  init() {}

  func start() {
    let ledger = ledger
    let clock = ManualClock()
    let debouncer = Debouncer(for: .milliseconds(10), clock: clock, action: ledger.suspendingAction)
    ledger.watch(debouncer)
    Task { @ExplorationActor in
      debouncer.send(1)
      ledger.scriptDid("send(1)")
      await clock.advance(by: .milliseconds(10))
      ledger.scriptDid("advance 10 ms")
      await debouncer.waitUntilIdle()
      ledger.scriptEnds(ownerIdle: !debouncer.isPending)
    }
  }

  func check() -> String? {
    if let broken = ledger.checkScript() { return broken }
    if let broken = ledger.checkRuns(voided: []) { return broken }
    if ledger.started != [1] {
      return "1 should run once, after its quiet period: \(ledger.started)"
    }
    return nil
  }
}

/// A `Throttler` in its default mode: 1 runs at once, 2 and 3 arrive in its window (3
/// replaces 2), the window ends, 4 arrives in the next window and is cancelled, then a flush
/// and a wait until idle.
final class ThrottlerScenario: OwnerScenario {
  let ledger = ActionLedger()

  init() {}

  func start() {
    let ledger = ledger
    let clock = ManualClock()
    let throttler = Throttler(for: .milliseconds(10), clock: clock, action: ledger.suspendingAction)
    ledger.watch(throttler)
    Task { @ExplorationActor in
      throttler.send(1)
      ledger.scriptDid("send(1)")
      throttler.send(2)
      ledger.scriptDid("send(2)")
      throttler.send(3)
      ledger.scriptDid("send(3)")
      await clock.advance(by: .milliseconds(10))
      ledger.scriptDid("advance 10 ms")
      throttler.send(4)
      ledger.scriptDid("send(4)")
      throttler.cancel()
      ledger.scriptDid("cancel()")
      await throttler.flush()
      ledger.scriptDid("flush() returned")
      await throttler.waitUntilIdle()
      ledger.scriptEnds(ownerIdle: !throttler.isPending)
    }
  }

  func check() -> String? {
    if let broken = ledger.checkScript() { return broken }
    // send(3) is step 3, cancel() step 6.
    if let broken = ledger.checkRuns(voided: [(2...2, 3), (1...4, 6)]) { return broken }
    // 1 and 3 are each dispatched with their run, and the cancel voids any not yet claimed.
    if !Set(ledger.started).isSubset(of: [1, 3]) {
      return "only 1 and 3 may run, but \(ledger.started) did"
    }
    return nil
  }
}

/// `debounced` over a `ManualSequence`, consumed by a task: 1 and 2 arrive at once (2
/// supersedes 1), the quiet period passes, 3 arrives and the base finishes, so 3 comes at once
/// and the sequence ends. 2 comes before 3 in every order of the jobs, 1 never comes, nothing
/// comes twice, and the sequence ends.
final class DebouncedSequenceScenario: JobScenario {
  let events = EventLog()
  let received = LockedState([Int]())
  let ended = LockedState(false)
  let finished = LockedState(false)

  init() {}

  func start() {
    let clock = ManualClock()
    let source = ManualSequence<Int, Never>()
    let debounced = source.debounced(for: .milliseconds(10), clock: clock)
    Task { [events, received, ended] in
      for await value in debounced {
        received.withLock { $0.append(value) }
        events.record("consumer receives \(value)")
      }
      ended.withLock { $0 = true }
      events.record("consumer's sequence ends")
    }
    Task { [events, finished] in
      source.yield(1)
      source.yield(2)
      events.record("script: yield 1, 2")
      await source.waitForDemand()
      events.record("script: the consumer asks for more")
      await clock.advance(by: .milliseconds(10))
      events.record("script: advance 10 ms")
      source.yield(3)
      source.finish()
      events.record("script: yield 3, finish")
      finished.withLock { $0 = true }
    }
  }

  func check() -> String? {
    if !finished.withLock({ $0 }) { return "the script never finished" }
    if !ended.withLock({ $0 }) { return "the debounced sequence never ended" }
    let values = received.withLock { $0 }
    // 2's deadline passed in the advance, before 3 was yielded: 2 comes whether the timer task
    // or the element 3 reaches the engine first (see `TimedRuns.Handover`).
    if values != [2, 3] {
      return "the consumer received \(values), not [2, 3]"
    }
    return nil
  }
}

/// A latch whose waiters ignore cancellation: an action held on it stays in flight even when
/// a newer run cancels its task, as a long action that does not check cancellation would.
final class Latch: Sendable {
  private let state = LockedState((open: false, waiters: [CheckedContinuation<Void, Never>]()))

  func wait() async {
    await withCheckedContinuation { continuation in
      let resumeNow = state.withLock { state -> Bool in
        if state.open { return true }
        state.waiters.append(continuation)
        return false
      }
      if resumeNow { continuation.resume() }
    }
  }

  func open() {
    let waiters = state.withLock { state in
      state.open = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }
}

/// A `Debouncer` flushed while an action runs: send 1, let the quiet period pass, wait until
/// the action for 1 has started (it then holds on a latch, ignoring cancellation), send 2,
/// start a flush, let the other tasks run a while, and release the action. The flushed run
/// must wait for the running action to return: 1 runs, then 2, never at once.
final class DebouncerFlushScenario: OwnerScenario {
  let ledger = ActionLedger()

  init() {}

  func start() {
    let ledger = ledger
    let clock = ManualClock()
    let firstStarted = AsyncGate()
    let release = Latch()
    let debouncer = Debouncer(for: .milliseconds(10), clock: clock) {
      @ExplorationActor (value: Int) in
      ledger.actionStarts(value)
      if value == 1 {
        firstStarted.open()
        await release.wait()
      }
      ledger.actionReturns(value)
    }
    ledger.watch(debouncer)
    Task { @ExplorationActor in
      debouncer.send(1)
      ledger.scriptDid("send(1)")
      await clock.advance(by: .milliseconds(10))
      ledger.scriptDid("advance 10 ms")
      await firstStarted.wait()
      ledger.scriptDid("the action for 1 has started")
      debouncer.send(2)
      ledger.scriptDid("send(2)")
      let flushing = Task { @ExplorationActor in await debouncer.flush() }
      ledger.scriptDid("flush() started")
      // Gives the flushed run's task turns to get as far as it may before 1 is released: in
      // the oldest-first order, far enough to claim, were it not held behind 1's run.
      for _ in 0..<12 { await Task.yield() }
      release.open()
      ledger.scriptDid("the action for 1 is released")
      await flushing.value
      ledger.scriptDid("flush() returned")
      await debouncer.waitUntilIdle()
      ledger.scriptEnds(ownerIdle: !debouncer.isPending)
    }
  }

  func check() -> String? {
    if let broken = ledger.checkScript() { return broken }
    if let broken = ledger.checkRuns(voided: []) { return broken }
    if ledger.started != [1, 2] { return "expected 1 then 2, but \(ledger.started) ran" }
    return nil
  }
}
