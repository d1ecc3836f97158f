// The package-level machine on its own, as CONTRIBUTING.md's state-machine rule asks; `DebouncerTests` and `ReleasePolicyTests` show its rules publicly.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The pure rules, driven event by event: every interleaving here is exact. Claims and
/// returns follow ticket order, as the engine guarantees (see `RunLedger`).
@Suite("DebounceStateMachine", .watched)
struct DebounceStateMachineTests {
  typealias Machine = DebounceStateMachine<LatestValue<String>, ManualClock.Instant>

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  static func machine(_ options: DebounceOptions = DebounceOptions()) -> Machine {
    Machine(interval: .milliseconds(300), options: options)
  }

  /// Wakes the timer at `ms` and returns the ticket it dispatches, if any.
  static func fire(_ machine: inout Machine, generation: UInt64, at ms: Int) -> RunTicket<String>? {
    machine.timerWoke(generation: generation, at: at(ms)).startedRun?.ticket
  }

  /// Claims `ticket` and returns its run: what an engine's run task does.
  static func run(_ machine: inout Machine, _ ticket: RunTicket<String>) -> String? {
    defer { machine.runReturnedStartingNothing(ticket) }
    return machine.claim(ticket)
  }

  @Test func trailingTicketFailsItsClaimWhenASendSupersedesIt() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 300))
    // The timer has not looped yet, so it stays in charge of the new value.
    guard case .none = machine.send("b", at: Self.at(300)) else {
      Issue.record("the awake timer takes b: no second timer, no run")
      return
    }
    #expect(Self.run(&machine, ticket) == nil)
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
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    #expect(machine.send("b", at: Self.at(200)).startedTimer == nil)
    guard case .sleep(let until) = machine.timerWoke(generation: generation, at: Self.at(300))
    else {
      Issue.record("expected the timer to sleep again")
      return
    }
    #expect(until == Self.at(500))
    #expect(machine.ledger.timer == .asleep(generation: generation))
    #expect(machine.timerDeadline == Self.at(500))
    #expect(machine.isQuiescent(at: Self.at(300)))
    #expect(!machine.isQuiescent(at: Self.at(500)))
  }

  @Test func maxWaitRunSupersededBeforeItStartsRunsTheNewestValue() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(1000)))
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    for ms in stride(from: 200, through: 800, by: 200) {
      _ = machine.send("v\(ms)", at: Self.at(ms))
    }
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 1000))
    #expect(ticket.carried == nil)
    // Sends that land before the maxWait run starts need no timer: that run takes them.
    guard case .none = machine.send("late", at: Self.at(1000)) else {
      Issue.record("a send while the maxWait run is due only replaces its value")
      return
    }
    #expect(Self.run(&machine, ticket) == "late")
    #expect(!machine.isPending)
  }

  @Test func maxWaitIsMeasuredFromTheFirstValueNotYetRun() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(1000)))
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    let first = try #require(Self.fire(&machine, generation: generation, at: 300))
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(300)) else {
      Issue.record("with its value dispatched, the timer ends")
      return
    }
    #expect(!machine.ledger.hasTimer)
    // Superseded just before it started: the bound still counts from "a" at 0.
    let next = try #require(machine.send("b", at: Self.at(300)).startedTimer)
    #expect(next != generation)
    #expect(Self.run(&machine, first) == nil)
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
    let leading = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    #expect(leading.carried == "a")
    _ = machine.send("b", at: Self.at(10))
    #expect(Self.run(&machine, leading) == "a")

    var cancelled = Self.machine(DebounceOptions(leading: true))
    let doomed = try #require(cancelled.send("a", at: Self.at(0)).startedRun?.ticket)
    #expect(cancelled.isPending)
    let cancel = cancelled.cancel()
    #expect(cancel.cancelling == 1..<2)
    #expect(!cancel.stopsTimer)
    #expect(Self.run(&cancelled, doomed) == nil)
    #expect(!cancelled.isPending)
  }

  @Test func aNewBurstSupersedesAnUnstartedTrailingValueOfThePreviousOne() throws {
    var machine = Self.machine(DebounceOptions(leading: true))
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    let generation = try #require(machine.send("b", at: Self.at(100)).startedTimer)
    let trailing = try #require(Self.fire(&machine, generation: generation, at: 400))
    let leading = try #require(machine.send("c", at: Self.at(400)).startedRun)
    // Every run still in flight is superseded by the new one.
    #expect(leading.superseding == first.id..<leading.ticket.id)
    #expect(Self.run(&machine, first) == "a")
    #expect(Self.run(&machine, trailing) == nil)
    #expect(Self.run(&machine, leading.ticket) == "c")
    #expect(machine.isIdle)
  }

  @Test func flushTakesThePendingValueAndTheTimerStops() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    let ticket = try #require(machine.flush().startedRun?.ticket)
    #expect(Self.run(&machine, ticket) == "a")
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(300)) else {
      Issue.record("the timer must stop: the flushed value never runs twice")
      return
    }
    guard case .none = machine.flush() else {
      Issue.record("nothing pending: flush does nothing")
      return
    }
  }

  @Test func flushWaitsForAValueAlreadyDispatchedWithItsRun() throws {
    var machine = Self.machine(DebounceOptions(leading: true, trailing: false))
    let leading = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    guard case .awaitRun(let awaited) = machine.flush() else {
      Issue.record("the leading value is pending until it claims: flush waits for its run")
      return
    }
    #expect(awaited == leading.id)
    #expect(Self.run(&machine, leading) == "a")
    guard case .none = machine.flush() else {
      Issue.record("after the claim nothing is pending")
      return
    }
  }

  @Test func aStaleTimerGenerationRetiresWithoutTouchingTheNewTimer() throws {
    var machine = Self.machine()
    let old = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    #expect(machine.cancel().stopsTimer)
    let new = try #require(machine.send("b", at: Self.at(10)).startedTimer)
    guard case .retire = machine.timerWoke(generation: old, at: Self.at(300)) else {
      Issue.record("a replaced timer must retire")
      return
    }
    #expect(machine.ledger.timer == .awake(generation: new))
    #expect(Self.fire(&machine, generation: new, at: 310) != nil)
  }

  @Test func idleOnlyWhenNothingIsPendingOrInFlight() throws {
    var machine = Self.machine()
    #expect(machine.isIdle)
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    #expect(!machine.isIdle)
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 300))
    #expect(machine.claim(ticket) == "a")
    #expect(!machine.isIdle)
    #expect(machine.ledger.activeRunCount == 1)
    machine.runReturnedStartingNothing(ticket)
    #expect(machine.isIdle)
  }

  @Test func aSupersededMaxWaitTicketNeverTakesALaterOnesValue() throws {
    var machine = Self.machine(DebounceOptions(leading: true, maxWait: .milliseconds(300)))
    let leading = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    let generation = try #require(machine.send("b", at: Self.at(100)).startedTimer)
    _ = machine.send("c", at: Self.at(350))
    let firstMaxWait = try #require(Self.fire(&machine, generation: generation, at: 400))
    #expect(firstMaxWait.carried == nil)
    // A new burst's leading edge supersedes the maxWait run before it starts...
    let secondLeading = try #require(machine.send("d", at: Self.at(700)).startedRun?.ticket)
    // ...and the burst goes on long enough for the same timer to dispatch a maxWait run of
    // its own.
    for (value, ms) in [("e", 750), ("f", 1000), ("g", 1010)] {
      _ = machine.send(value, at: Self.at(ms))
    }
    let secondMaxWait = try #require(Self.fire(&machine, generation: generation, at: 1050))
    #expect(secondMaxWait.carried == nil)
    #expect(Self.run(&machine, leading) == "a")
    #expect(Self.run(&machine, firstMaxWait) == nil)
    #expect(Self.run(&machine, secondLeading) == "d")
    #expect(Self.run(&machine, secondMaxWait) == "g")
    #expect(machine.isIdle)
  }

  /// `onRelease: .runPending`: the owner's release dispatches the pending value, and
  /// nothing sent after it runs.
  @Test func aReleasedOwnersMachineFlushesThenDropsLaterValues() throws {
    var machine = Self.machine()
    _ = machine.send("draft", at: .init(offset: .zero))
    guard case .startRun(let run) = machine.shutDownRunningPending() else {
      Issue.record("the pending value is dispatched")
      return
    }
    #expect(run.ticket.carried == "draft")
    guard case .none = machine.send("later", at: .init(offset: .milliseconds(10))) else {
      Issue.record("a value after the owner is gone is dropped")
      return
    }
    #expect(machine.claim(run.ticket) == "draft")
    machine.runReturnedStartingNothing(run.ticket)
    #expect(machine.isIdle)
  }
}
