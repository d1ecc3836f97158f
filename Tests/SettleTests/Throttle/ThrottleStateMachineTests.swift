// The package-level machine on its own, as CONTRIBUTING.md's state-machine rule asks; `ThrottlerTests` and `CooldownTests` show its rules publicly.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The throttle rules, driven event by event. Claims and returns follow ticket order, as the
/// engine guarantees (see `RunLedger`).
@Suite("ThrottleStateMachine", .watched)
struct ThrottleStateMachineTests {
  typealias Machine = ThrottleStateMachine<LatestValue<String>, ManualClock.Instant>

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  static func run(_ machine: inout Machine, _ ticket: RunTicket<String>) -> String? {
    defer { machine.runReturned(ticket) }
    return machine.claim(ticket)
  }

  @Test(arguments: [(true, "c"), (false, "b")])
  func theWindowsEndRunsTheNewestOrTheFirstValue(latest: Bool, expected: String) throws {
    var machine = Machine(interval: .milliseconds(100), latest: latest)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    #expect(first.ticket.carried == "a")
    #expect(first.superseding.isEmpty)
    let generation = try #require(machine.send("b", at: Self.at(10)).startedTimer)
    guard case .none = machine.send("c", at: Self.at(20)) else {
      Issue.record("the running timer takes later values of the window")
      return
    }
    #expect(Self.run(&machine, first.ticket) == "a")
    guard case .sleep(let end) = machine.timerWoke(generation: generation, at: Self.at(20)) else {
      Issue.record("the timer sleeps until the window ends")
      return
    }
    #expect(end == Self.at(100))
    let second = try #require(
      machine.timerWoke(generation: generation, at: Self.at(100)).startedRun)
    #expect(second.ticket.carried == expected)
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(100)) else {
      Issue.record("with nothing held, the timer ends")
      return
    }
    #expect(Self.run(&machine, second.ticket) == expected)
    #expect(machine.isIdle)
  }

  @Test func aValueHeldPastItsWindowRunsWithTheNextSendInLatestMode() throws {
    var machine = Machine(interval: .milliseconds(100), latest: true)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    _ = try #require(machine.send("b", at: Self.at(50)).startedTimer)
    // The window ended but the timer has not caught up: the newest value runs now.
    guard case .startRun(let run) = machine.send("c", at: Self.at(150)) else {
      Issue.record("with no window open, a send runs at once")
      return
    }
    #expect(run.ticket.carried == "c")
    #expect(run.superseding == first.id..<run.ticket.id)
    #expect(!machine.hasHeldValue)
  }

  @Test func aValueHeldPastItsWindowRunsFirstInFirstMode() throws {
    var machine = Machine(interval: .milliseconds(100), latest: false)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    let generation = try #require(machine.send("b", at: Self.at(50)).startedTimer)
    #expect(Self.run(&machine, first) == "a")
    // The timer went to sleep and stays in charge of the value left waiting: no second timer.
    guard case .sleep = machine.timerWoke(generation: generation, at: Self.at(60)) else {
      Issue.record("the timer sleeps until the window ends")
      return
    }
    guard case .startRun(let run) = machine.send("c", at: Self.at(150)) else {
      Issue.record("the held value runs, and the new one waits for the next window")
      return
    }
    #expect(run.ticket.carried == "b")
    #expect(machine.hasHeldValue)
  }

  @Test func cancelVoidsEveryTicketAndStopsTheTimer() throws {
    var machine = Machine(interval: .milliseconds(100), latest: true)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun?.ticket)
    let generation = try #require(machine.send("b", at: Self.at(10)).startedTimer)
    let cancel = machine.cancel()
    #expect(cancel.stopsTimer)
    #expect(cancel.cancelling == first.id..<(first.id + 1))
    #expect(!machine.isPending)
    #expect(Self.run(&machine, first) == nil)
    guard case .retire = machine.timerWoke(generation: generation, at: Self.at(100)) else {
      Issue.record("a cancelled timer retires")
      return
    }
    // The window went with the cancel: the next value runs at once.
    #expect(machine.send("c", at: Self.at(20)).startedRun?.ticket.carried == "c")
  }

  // MARK: Cooldown: the first value runs at once, the rest of the window is dropped

  @Test func cooldownDropsAValueInsideTheWindowWithNoTimerAndNothingPending() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    #expect(first.ticket.carried == "a")
    guard case .none = machine.send("b", at: Self.at(50)) else {
      Issue.record("a value inside the cooldown starts nothing")
      return
    }
    #expect(!machine.hasHeldValue, "nothing is held for the window's end")
    #expect(!machine.ledger.hasTimer, "a cooldown needs no timer")
    #expect(machine.claim(first.ticket) == "a")
    machine.runReturned(first.ticket)
    #expect(!machine.isPending)
    guard case .none = machine.flush() else {
      Issue.record("flush during a cooldown runs nothing: nothing waits")
      return
    }
  }

  @Test func cooldownRunsAValueExactlyAtTheWindowsEndAtOnce() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    _ = machine.send("b", at: Self.at(99))
    let second = try #require(machine.send("c", at: Self.at(100)).startedRun)
    #expect(second.ticket.carried == "c", "the window's end is inclusive")
    #expect(machine.claim(first.ticket) == "a")
    machine.runReturned(first.ticket)
    #expect(machine.claim(second.ticket) == "c")
  }

  @Test func cancelEndsTheCooldown() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    _ = machine.cancel()
    let second = try #require(machine.send("b", at: Self.at(10)).startedRun)
    #expect(second.ticket.carried == "b")
    #expect(machine.claim(first.ticket) == nil, "cancelled")
    machine.runReturned(first.ticket)
  }
}
