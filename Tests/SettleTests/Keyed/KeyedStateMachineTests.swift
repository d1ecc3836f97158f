// The package-level machine on its own, as CONTRIBUTING.md's state-machine rule asks; `KeyedDebouncerTests` show its rules publicly.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The keyed rules, driven event by event with no tasks: one timer for all keys, per-key
/// deadlines in a heap, and keys dropped as soon as nothing is left of them.
@Suite("KeyedStateMachine, keys over the debounce machine", .watched)
struct KeyedStateMachineTests {
  typealias Machine = KeyedStateMachine<
    String, DebounceStateMachine<LatestValue<String>, ManualClock.Instant>
  >
  typealias Step = Machine.TimerStep

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  static func machine(_ options: DebounceOptions = DebounceOptions()) -> Machine {
    Machine(interval: .milliseconds(300), options: options)
  }

  /// Claims and finishes every run the step starts, as the engine's run tasks do; returns
  /// `key:value` for each run that started.
  static func runAll(
    _ machine: inout Machine, _ starts: [Machine.KeyRun], at now: ManualClock.Instant
  ) -> [String] {
    starts.compactMap { start in
      defer { machine.runReturnedStartingNothing(start.run.ticket, forKey: start.key, at: now) }
      return machine.claim(start.run.ticket, forKey: start.key, at: now).map {
        "\(start.key):\($0)"
      }
    }
  }

  static func sleeps(_ step: Step) -> ManualClock.Instant? {
    if case .sleep(let until) = step.next { return until }
    return nil
  }

  @Test func oneTimerServesEveryKey() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    #expect(machine.send("b1", forKey: "b", at: Self.at(100)).startedTimer == nil)
    #expect(machine.send("c1", forKey: "c", at: Self.at(200)).startedTimer == nil)
    #expect(machine.timersStarted == 1)
    #expect(machine.keyCount == 3)
    let first = machine.timerWoke(generation: generation, at: Self.at(0))
    #expect(first.starts.isEmpty)
    #expect(Self.sleeps(first) == Self.at(300))
    #expect(machine.isQuiescent(at: Self.at(299)))
    #expect(!machine.isQuiescent(at: Self.at(300)))
  }

  @Test func aSendInsideABurstLeavesTheHeapAloneAndTheTimerRefilesTheKey() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    #expect(machine.heapCount == 1)
    for ms in stride(from: 50, through: 250, by: 50) {
      guard case .none = machine.send("a\(ms)", forKey: "a", at: Self.at(ms)) else {
        Issue.record("a send inside a trailing burst asks for nothing")
        return
      }
    }
    #expect(machine.heapCount == 1, "no heap work inside a burst")
    let woke = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(woke.starts.isEmpty)
    #expect(Self.sleeps(woke) == Self.at(550), "re-filed at the moved deadline")
    #expect(machine.heapCount == 1)
    let due = machine.timerWoke(generation: generation, at: Self.at(550))
    #expect(Self.runAll(&machine, due.starts, at: Self.at(550)) == ["a:a250"])
    guard case .stop = due.next else {
      Issue.record("nothing left to time: the timer stops")
      return
    }
    #expect(machine.keyCount == 0)
    #expect(machine.heapCount == 0)
    #expect(machine.isIdle)
  }

  @Test func keysKeepTheirOwnQuietPeriods() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    _ = machine.send("b1", forKey: "b", at: Self.at(100))
    _ = machine.send("a2", forKey: "a", at: Self.at(200))
    let atB = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(atB.starts.isEmpty, "a moved to 500; b is due at 400")
    #expect(Self.sleeps(atB) == Self.at(400))
    let b = machine.timerWoke(generation: generation, at: Self.at(400))
    #expect(Self.runAll(&machine, b.starts, at: Self.at(400)) == ["b:b1"])
    #expect(Self.sleeps(b) == Self.at(500))
    let a = machine.timerWoke(generation: generation, at: Self.at(500))
    #expect(Self.runAll(&machine, a.starts, at: Self.at(500)) == ["a:a2"])
    #expect(machine.keyCount == 0)
  }

  @Test func keysDueAtOneInstantStartInTheOrderTheyWereFiled() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("1", forKey: "z", at: Self.at(0)).startedTimer)
    _ = machine.send("1", forKey: "y", at: Self.at(0))
    _ = machine.send("1", forKey: "x", at: Self.at(0))
    let step = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(step.starts.map(\.key) == ["z", "y", "x"])
  }

  @Test func aKeyIsDroppedWhenItsRunReturns() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    let step = machine.timerWoke(generation: generation, at: Self.at(300))
    let start = try #require(step.starts.first)
    #expect(machine.keyCount == 1, "kept while its run is in flight")
    #expect(machine.isPending(forKey: "a"), "due, not yet started")
    #expect(machine.claim(start.run.ticket, forKey: "a", at: Self.at(300)) == "a1")
    #expect(!machine.isPending(forKey: "a"))
    #expect(!machine.isIdle)
    machine.runReturnedStartingNothing(start.run.ticket, forKey: "a", at: Self.at(300))
    #expect(machine.keyCount == 0)
    #expect(machine.isIdle)
  }

  @Test func aSendBeforeTheClaimSupersedesTheDueRunOfThatKeyOnly() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    _ = machine.send("b1", forKey: "b", at: Self.at(0))
    let step = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(step.starts.count == 2)
    guard case .stop = step.next else {
      Issue.record("nothing is left to time once both runs are dispatched")
      return
    }
    #expect(machine.send("a2", forKey: "a", at: Self.at(300)).startedTimer == generation + 1)
    #expect(Self.runAll(&machine, step.starts, at: Self.at(300)) == ["b:b1"])
    #expect(machine.isPending(forKey: "a"))
    #expect(machine.keyCount == 1)
  }

  @Test func cancelForKeyLeavesOtherKeysAndDropsTheKey() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    _ = machine.send("b1", forKey: "b", at: Self.at(0))
    let cancel = machine.cancel(forKey: "a")
    #expect(cancel.cancelling.isEmpty)
    #expect(!cancel.stopsTimer)
    #expect(machine.keyCount == 1)
    #expect(!machine.isPending(forKey: "a"))
    #expect(machine.isPending(forKey: "b"))
    let step = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(Self.runAll(&machine, step.starts, at: Self.at(300)) == ["b:b1"])
    #expect(machine.keyCount == 0)
    #expect(machine.heapCount == 0, "the stale entry of a is gone too")
  }

  @Test func cancelForKeyVoidsItsRunInFlightAndKeepsTheKeyUntilItReturns() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    let start = try #require(
      machine.timerWoke(generation: generation, at: Self.at(300)).starts.first)
    let cancel = machine.cancel(forKey: "a")
    #expect(cancel.cancelling == 1..<2)
    #expect(machine.keyCount == 1)
    #expect(machine.claim(start.run.ticket, forKey: "a", at: Self.at(300)) == nil)
    machine.runReturnedStartingNothing(start.run.ticket, forKey: "a", at: Self.at(300))
    #expect(machine.keyCount == 0)
  }

  @Test func cancelStopsTheTimerAndForgetsEveryKey() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    _ = machine.send("b1", forKey: "b", at: Self.at(0))
    let cancel = machine.cancel()
    #expect(cancel.stopsTimer)
    #expect(machine.keyCount == 0)
    #expect(machine.heapCount == 0)
    guard case .retire = machine.timerWoke(generation: generation, at: Self.at(300)).next else {
      Issue.record("a cancelled timer retires")
      return
    }
    #expect(machine.send("a2", forKey: "a", at: Self.at(300)).startedTimer == generation + 1)
  }

  @Test func flushForKeyRunsThatKeyNowAndLeavesTheOthers() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    _ = machine.send("b1", forKey: "b", at: Self.at(0))
    let run = try #require(machine.flush(forKey: "a", at: Self.at(0)).startedRun)
    #expect(run.ticket.carried == "a1")
    #expect(machine.isPending(forKey: "a"), "carried, not yet claimed")
    #expect(Self.runAll(&machine, [Machine.KeyRun(key: "a", run: run)], at: Self.at(0)) == ["a:a1"])
    #expect(machine.keyCount == 1)
    guard case .none = machine.flush(forKey: "a", at: Self.at(0)) else {
      Issue.record("nothing left to flush for a")
      return
    }
    let step = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(Self.runAll(&machine, step.starts, at: Self.at(300)) == ["b:b1"])
  }

  @Test func leadingRunsTheFirstValueAtOnceAndKeepsTheKeyUntilItsBurstEnds() throws {
    var machine = Self.machine(.leading)
    let first = machine.send("a1", forKey: "a", at: Self.at(0))
    let run = try #require(first.startedRun)
    let generation = try #require(first.startedTimer, "the timer ends the burst")
    #expect(Self.runAll(&machine, [Machine.KeyRun(key: "a", run: run)], at: Self.at(0)) == ["a:a1"])
    #expect(machine.keyCount == 1)
    #expect(machine.isIdle, "an open burst with nothing pending is idle")
    #expect(machine.send("a2", forKey: "a", at: Self.at(200)).startedRun == nil)
    let woke = machine.timerWoke(generation: generation, at: Self.at(300))
    #expect(Self.sleeps(woke) == Self.at(500), "a2 moved the burst's end")
    let ended = machine.timerWoke(generation: generation, at: Self.at(500))
    guard case .stop = ended.next else {
      Issue.record("the burst is over: the timer stops")
      return
    }
    #expect(machine.keyCount == 0)
    #expect(machine.send("a3", forKey: "a", at: Self.at(500)).startedRun != nil)
  }

  @Test func maxWaitBoundsEachKeyFromItsFirstValueNotYetRun() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(500)))
    let generation = try #require(machine.send("a0", forKey: "a", at: Self.at(0)).startedTimer)
    _ = machine.send("b0", forKey: "b", at: Self.at(200))
    var ran: [String] = []
    for ms in stride(from: 100, through: 700, by: 100) {
      _ = machine.send("a\(ms)", forKey: "a", at: Self.at(ms))
      if ms == 500 || ms == 700 {
        ran += Self.runAll(
          &machine, machine.timerWoke(generation: generation, at: Self.at(ms)).starts,
          at: Self.at(ms))
      }
    }
    // a's maxWait ends at 500 and takes a500, sent first at that instant; b's quiet period
    // ends at 500 too. Then a waits again, from a600, with a new maxWait.
    #expect(ran == ["a:a500", "b:b0"])
    #expect(machine.isPending(forKey: "a"))
    #expect(!machine.isPending(forKey: "b"))
  }

  @Test func staleEntriesAreCompactedAway() throws {
    var machine = Self.machine()
    _ = try #require(machine.send("0", forKey: "k0", at: Self.at(0)).startedTimer)
    for index in 0..<1_000 {
      _ = machine.send("\(index)", forKey: "k\(index)", at: Self.at(0))
      _ = machine.cancel(forKey: "k\(index)")
    }
    #expect(machine.keyCount == 0)
    #expect(machine.heapCount <= 66, "rebuilt once stale entries outnumber live ones")
  }

  @Test func shutDownDropsLaterValues() throws {
    var machine = Self.machine()
    _ = machine.send("a1", forKey: "a", at: Self.at(0))
    _ = machine.shutDown()
    guard case .none = machine.send("a2", forKey: "a", at: Self.at(10)) else {
      Issue.record("nothing is taken after shutdown")
      return
    }
    #expect(machine.keyCount == 0)
    #expect(machine.isIdle)
  }

  /// maxWait counts from a key's first value not yet run, so a value that supersedes a due run
  /// keeps that run's bound, which can lie ahead of the deadline the timer sleeps toward for
  /// another key. The timer is then replaced, or the key would run late, at the other key's
  /// deadline.
  @Test func aDeadlineAheadOfTheTimersReplacesTheTimer() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(450)))
    let first = try #require(machine.send("a1", forKey: "a", at: Self.at(0)).startedTimer)
    #expect(Self.sleeps(machine.timerWoke(generation: first, at: Self.at(0))) == Self.at(300))
    #expect(machine.send("b1", forKey: "b", at: Self.at(300)).startedTimer == nil)
    let due = machine.timerWoke(generation: first, at: Self.at(300))
    let aRun = try #require(due.starts.first)
    #expect(Self.sleeps(due) == Self.at(600), "toward b's deadline")
    // a2 supersedes a1 before its claim; a's bound is still 450, from a1.
    let replacing = try #require(machine.send("a2", forKey: "a", at: Self.at(300)).startedTimer)
    #expect(replacing == first + 1)
    #expect(Self.runAll(&machine, [aRun], at: Self.at(300)).isEmpty, "a1 was superseded")
    guard case .retire = machine.timerWoke(generation: first, at: Self.at(300)).next else {
      Issue.record("the replaced timer retires")
      return
    }
    #expect(Self.sleeps(machine.timerWoke(generation: replacing, at: Self.at(300))) == Self.at(450))
    let atBound = machine.timerWoke(generation: replacing, at: Self.at(450))
    #expect(Self.runAll(&machine, atBound.starts, at: Self.at(450)) == ["a:a2"])
    #expect(Self.sleeps(atBound) == Self.at(600))
  }
}
