import Settle
import SettleTesting
import Testing

/// The pure rules, driven event by event: every interleaving here is exact.
@Suite("DebounceStateMachine")
struct DebounceStateMachineTests {
  typealias Machine = DebounceStateMachine<String, ManualClock.Instant>

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  static func machine(_ options: DebounceOptions = DebounceOptions()) -> Machine {
    Machine(interval: .milliseconds(300), options: options)
  }

  /// Wakes the timer at `ms` and returns the ticket it dispatches, if any.
  static func fire(_ machine: inout Machine, generation: UInt64, at ms: Int) -> RunTicket<
    Machine.Claim
  >? {
    if case .run(let ticket) = machine.timerWoke(generation: generation, at: at(ms)) {
      return ticket
    }
    return nil
  }

  @Test func trailingTicketFailsItsClaimWhenASendSupersedesIt() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startTimer)
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 300))
    // The timer has not looped yet, so it stays in charge of the new value.
    #expect(machine.send("b", at: Self.at(300)).startTimer == nil)
    #expect(machine.claim(ticket) == nil)
    #expect(machine.isPending)
    guard case .sleep(let until) = machine.timerWoke(generation: generation, at: Self.at(300))
    else {
      Issue.record("the timer must wait for b")
      return
    }
    #expect(until == Self.at(600))
  }

  @Test func timerSleepsUntilTheNewestDeadline() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startTimer)
    #expect(machine.send("b", at: Self.at(200)).startTimer == nil)
    guard case .sleep(let until) = machine.timerWoke(generation: generation, at: Self.at(300))
    else {
      Issue.record("expected the timer to sleep again")
      return
    }
    #expect(until == Self.at(500))
  }

  @Test func maxWaitRunSupersededBeforeItStartsRunsTheNewestValue() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(1000)))
    let generation = try #require(machine.send("a", at: Self.at(0)).startTimer)
    for ms in stride(from: 200, through: 800, by: 200) {
      _ = machine.send("v\(ms)", at: Self.at(ms))
    }
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 1000))
    // Sends that land before the maxWait run starts need no timer: that run takes them.
    #expect(machine.send("late", at: Self.at(1000)).startTimer == nil)
    #expect(machine.claim(ticket) == "late")
    #expect(!machine.isPending)
  }

  @Test func maxWaitIsMeasuredFromTheFirstValueNotYetRun() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(1000)))
    let generation = try #require(machine.send("a", at: Self.at(0)).startTimer)
    let first = try #require(Self.fire(&machine, generation: generation, at: 300))
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(300)) else {
      Issue.record("with its value dispatched, the timer ends")
      return
    }
    // Superseded just before it started: the bound still counts from "a" at 0.
    let next = try #require(machine.send("b", at: Self.at(300)).startTimer)
    #expect(machine.claim(first) == nil)
    for ms in stride(from: 500, through: 900, by: 200) {
      _ = machine.send("c\(ms)", at: Self.at(ms))
    }
    guard case .sleep(let until) = machine.timerWoke(generation: next, at: Self.at(900)) else {
      Issue.record("expected a sleep")
      return
    }
    #expect(until == Self.at(1000))
  }

  @Test func leadingTicketSurvivesLaterSendsButNotCancel() throws {
    var machine = Self.machine(DebounceOptions(leading: true))
    let leading = try #require(machine.send("a", at: Self.at(0)).run)
    _ = machine.send("b", at: Self.at(10))
    #expect(machine.claim(leading) == "a")

    var cancelled = Self.machine(DebounceOptions(leading: true))
    let doomed = try #require(cancelled.send("a", at: Self.at(0)).run)
    _ = cancelled.cancel()
    #expect(cancelled.claim(doomed) == nil)
    #expect(!cancelled.isPending)
  }

  @Test func aNewBurstSupersedesAnUnstartedTrailingValueOfThePreviousOne() throws {
    var machine = Self.machine(DebounceOptions(leading: true))
    _ = machine.send("a", at: Self.at(0))
    let generation = try #require(machine.send("b", at: Self.at(100)).startTimer)
    let trailing = try #require(Self.fire(&machine, generation: generation, at: 400))
    let leading = try #require(machine.send("c", at: Self.at(400)).run)
    #expect(machine.claim(trailing) == nil)
    #expect(machine.claim(leading) == "c")
  }

  @Test func flushTakesThePendingValueAndTheTimerStops() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startTimer)
    guard case .run(let ticket) = machine.flush() else {
      Issue.record("expected flush to run")
      return
    }
    #expect(machine.claim(ticket) == "a")
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(300)) else {
      Issue.record("the timer must stop: the flushed value never runs twice")
      return
    }
    guard case .none = machine.flush() else {
      Issue.record("nothing pending: flush does nothing")
      return
    }
  }

  @Test func aStaleTimerGenerationStopsWithoutTouchingTheNewTimer() throws {
    var machine = Self.machine()
    let old = try #require(machine.send("a", at: Self.at(0)).startTimer)
    let hadTimer = machine.cancel()
    #expect(hadTimer)
    let new = try #require(machine.send("b", at: Self.at(10)).startTimer)
    guard case .stop = machine.timerWoke(generation: old, at: Self.at(300)) else {
      Issue.record("a replaced timer must stop")
      return
    }
    #expect(Self.fire(&machine, generation: new, at: 310) != nil)
  }

  @Test func idleOnlyWhenNothingIsPendingOrInFlight() throws {
    var machine = Self.machine()
    #expect(machine.isIdle)
    let generation = try #require(machine.send("a", at: Self.at(0)).startTimer)
    #expect(!machine.isIdle)
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 300))
    #expect(machine.claim(ticket) == "a")
    #expect(!machine.isIdle)
    #expect(machine.activeRunCount == 1)
    machine.runFinished()
    #expect(machine.isIdle)
  }
}
