// Uses `LockedState` (package) only as a plain lock; any lock would do.
import Settle
import SettleTestSupport
import SettleTesting

/// A scenario of a sequence operator, whose events are its ``SequenceScenarioLog``'s.
protocol SequenceJobScenario: JobScenario {
  var log: SequenceScenarioLog { get }
}

extension SequenceJobScenario {
  var events: EventLog { log.events }
}

/// What a sequence scenario's consumer and script saw: the elements received, how the
/// sequence ended, and whether the script ran to its end.
final class SequenceScenarioLog: Sendable {
  enum Ending: Equatable, Sendable {
    case finished
    case threw
  }

  let events = EventLog()
  private let state = LockedState(
    (received: [Int](), ending: Ending?.none, scriptFinished: false))

  /// Opened when the consumer receives their value: a script waits on one to learn that a
  /// value came out before it acts again, so that no later event can be what settled it.
  private let arrivals = (1...3).map { _ in AsyncGate() }

  func received(_ value: Int) {
    state.withLock { $0.received.append(value) }
    events.record("consumer receives \(value)")
    if arrivals.indices.contains(value - 1) { arrivals[value - 1].open() }
  }

  /// Returns once the consumer received `value` (1, 2 or 3).
  func arrival(of value: Int) async { await arrivals[value - 1].wait() }

  /// Where a consumer that must not ask again too soon waits after receiving 1: its `next()`
  /// would catch the timer up, and do the work a timer task under test must do.
  let consumerMayAskAgain = AsyncGate()

  func ended(_ ending: Ending) {
    state.withLock { $0.ending = ending }
    events.record("consumer's sequence \(ending == .finished ? "ends" : "throws")")
  }

  func scriptDid(_ step: String) { events.record("script: \(step)") }

  /// Starts the consumer: records each element and how the sequence ends. With
  /// `holdingAfterOne`, it waits after receiving 1 until ``consumerMayAskAgain`` opens.
  func consume<S: AsyncSequence & Sendable>(_ sequence: S, holdingAfterOne: Bool = false)
  where S.Element == Int {
    Task {
      do {
        for try await value in sequence {
          received(value)
          if holdingAfterOne, value == 1 { await consumerMayAskAgain.wait() }
        }
        ended(.finished)
      } catch {
        ended(.threw)
      }
    }
  }

  /// The start the gated scenarios share: 1 is sent, the clock passes its deadline (10 ms)
  /// while the woken timer task waits at the gate, and 2 is sent, catching the timer up ahead
  /// of that task.
  func sendOneThenTwoAheadOfTheHeldTask<Failure: Error>(
    _ source: ManualSequence<Int, Failure>, on clock: GatedClock
  ) async {
    source.yield(1)
    await source.waitForDemand()
    scriptDid("yield 1, sent")
    await clock.manual.advance(by: .milliseconds(10))  // 1 is due at 10; its task is held
    scriptDid("advance to 10")
    source.yield(2)
    await source.waitForDemand()
    scriptDid("yield 2, sent")
  }

  /// Lets the held timer task go and waits until it sleeps again, toward the deadline of the
  /// timer it was left (20 ms); then the consumer, held after 1 so that its `next()` could not
  /// do the task's work, may ask again.
  func letTheHeldTaskServeItsTimer(on clock: GatedClock) async {
    clock.wakeUps.open()
    scriptDid("gate opened")
    await clock.manual.waitForSleepers(count: 1)
    scriptDid("the timer's task sleeps")
    consumerMayAskAgain.open()
  }

  func scriptFinishes() {
    state.withLock { $0.scriptFinished = true }
    events.record("script: done")
  }

  /// `nil` when the script finished and the consumer received `expected`, then `ending`.
  func check(expected: [Int], ending: Ending) -> String? {
    let (received, ended, finished) = state.withLock { ($0.received, $0.ending, $0.scriptFinished) }
    if !finished { return "the script never finished" }
    if received != expected { return "the consumer received \(received), not \(expected)" }
    guard let ended else { return "the sequence never ended after \(received)" }
    if ended != ending { return "the sequence ended with \(ended), not \(ending)" }
    return nil
  }
}

/// `throttled` in `.newestAtWindowEndOnly`, whose last element is left to a timer an element
/// caught up: 1 opens a window and waits in it, the clock passes the window's end, 2 arrives
/// (1 is settled before it; 2 opens a fresh window, timed by the timer that 1's window left
/// with its task), the base finishes, and only then does the clock pass 2's window's end. 2
/// must come from that timer (or from the catch-up at the base's end, when the advance came
/// first), and the sequence end, in every order of the jobs.
final class ThrottledSequenceAdoptedTimerScenario: SequenceJobScenario {
  let log = SequenceScenarioLog()

  func start() {
    let log = log
    let clock = ManualClock()
    let source = ManualSequence<Int, Never>()
    let throttled = source.throttled(
      for: .milliseconds(10), mode: .newestAtWindowEndOnly, clock: clock)
    log.consume(throttled)
    Task {
      source.yield(1)
      await source.waitForDemand()
      log.scriptDid("yield 1, sent")
      await clock.advance(by: .milliseconds(10))  // 1's window ends at 10
      log.scriptDid("advance to 10")
      source.yield(2)
      await source.waitForDemand()
      log.scriptDid("yield 2, sent")
      source.finish()
      log.scriptDid("finish")
      await clock.advance(by: .milliseconds(10))  // 2's window ends at 20
      log.scriptFinishes()
    }
  }

  func check() -> String? { log.check(expected: [1, 2], ending: .finished) }
}

/// `debounced` on a `GatedClock`, whose gate holds the woken timer task: 1 arrives, the clock
/// passes its deadline, and 2 always catches the timer up ahead of its task (1 is handed over
/// by that catch-up, and the timer stays `.awake` for its task: `RunLedger.timerAwaitsItsTask`).
/// The gate opens right after 2 was sent, and the script waits until that task sleeps again,
/// toward 2's deadline: the task must serve the timer it was left (the consumer, whose `next()`
/// would catch the timer up, waits after 1 until then). 3 then arrives before 2's deadline and
/// supersedes it, the clock passes 3's deadline, and the script waits for 3 to come out before
/// the base finishes, so that 3 comes from the timer's task (or the consumer's own catch-up),
/// not from the catch-up at the base's end. Without the gate, only a few schedules at the
/// standard delay bound reach a timer left to its task.
final class DebouncedSequenceGatedAdoptedTimerScenario: SequenceJobScenario {
  let log = SequenceScenarioLog()

  func start() {
    let log = log
    let clock = GatedClock()
    let source = ManualSequence<Int, Never>()
    let debounced = source.debounced(for: .milliseconds(10), clock: clock)
    log.consume(debounced, holdingAfterOne: true)
    Task {
      await log.sendOneThenTwoAheadOfTheHeldTask(source, on: clock)
      await log.letTheHeldTaskServeItsTimer(on: clock)
      await clock.manual.advance(by: .milliseconds(5))  // 2 is due at 20: not yet
      log.scriptDid("advance to 15")
      source.yield(3)
      await source.waitForDemand()
      log.scriptDid("yield 3, sent")
      await clock.manual.advance(by: .milliseconds(10))  // 3 is due at 25
      log.scriptDid("advance to 25")
      await log.arrival(of: 3)
      log.scriptDid("3 came out")
      source.finish()
      log.scriptFinishes()
    }
  }

  func check() -> String? { log.check(expected: [1, 3], ending: .finished) }
}

/// ``ThrottledSequenceAdoptedTimerScenario`` on a `GatedClock`, whose gate holds the woken timer
/// task: 2 always catches up the timer of 1's window ahead of that task, so 2's window is timed
/// by the held task, which finds the timer it was left when the gate opens. The script waits
/// until that task sleeps toward 2's window's end (the consumer, whose `next()` would catch the
/// timer up, waits after 1 until then), advances past it, and waits for 2 to come out before
/// the base finishes: only the held task (or the consumer's own catch-up) can emit it.
final class ThrottledSequenceGatedAdoptedTimerScenario: SequenceJobScenario {
  let log = SequenceScenarioLog()

  func start() {
    let log = log
    let clock = GatedClock()
    let source = ManualSequence<Int, Never>()
    let throttled = source.throttled(
      for: .milliseconds(10), mode: .newestAtWindowEndOnly, clock: clock)
    log.consume(throttled, holdingAfterOne: true)
    Task {
      await log.sendOneThenTwoAheadOfTheHeldTask(source, on: clock)
      await log.letTheHeldTaskServeItsTimer(on: clock)
      await clock.manual.advance(by: .milliseconds(10))  // 2's window ends at 20
      log.scriptDid("advance to 20")
      await log.arrival(of: 2)
      log.scriptDid("2 came out")
      source.finish()
      log.scriptFinishes()
    }
  }

  func check() -> String? { log.check(expected: [1, 2], ending: .finished) }
}

/// `debounced` on a `GatedClock`, whose base fails right after an element caught the timer up:
/// 1 arrives, the clock passes its deadline, 2 arrives (1 is handed over by that catch-up) and
/// the base fails while 2 is pending. The consumer gets 1, then the error. The failure always
/// arrives while the timer, caught up by 2, waits for its held task, so the failure's `cancel()`
/// stops a timer whose task has not run since it was adopted. The gate opens after the failure.
final class DebouncedSequenceGatedFailureAfterCatchUpScenario: SequenceJobScenario {
  struct Failure: Error {}

  let log = SequenceScenarioLog()

  func start() {
    let log = log
    let clock = GatedClock()
    let source = ManualSequence<Int, any Error>()
    let debounced = source.debounced(for: .milliseconds(10), clock: clock)
    log.consume(debounced)
    Task {
      await log.sendOneThenTwoAheadOfTheHeldTask(source, on: clock)
      source.fail(Failure())
      log.scriptDid("fail")
      clock.wakeUps.open()
      log.scriptFinishes()
    }
  }

  func check() -> String? { log.check(expected: [1], ending: .threw) }
}
