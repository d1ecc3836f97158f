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
    defer { machine.runReturnedStartingNothing(ticket) }
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
    machine.runReturnedStartingNothing(first.ticket)
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
    machine.runReturnedStartingNothing(first.ticket)
    #expect(machine.claim(second.ticket) == "c")
  }

  @Test func cancelEndsTheCooldown() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .cooldown)
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    _ = machine.cancel()
    let second = try #require(machine.send("b", at: Self.at(10)).startedRun)
    #expect(second.ticket.carried == "b")
    #expect(machine.claim(first.ticket) == nil, "cancelled")
    machine.runReturnedStartingNothing(first.ticket)
  }

  // MARK: Newest at window end only: the first value waits too, and the run opens no window

  @Test func newestOnlyHoldsTheFirstValueAndRunsTheNewestAtTheWindowsEnd() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .newestAtWindowEndOnly)
    let first = machine.send("a", at: Self.at(0))
    #expect(first.startedRun == nil, "nothing runs at once")
    #expect(machine.heldValue == "a")
    let generation = try #require(first.startedTimer)
    guard case .none = machine.send("b", at: Self.at(50)) else {
      Issue.record("the running timer takes later values of the window")
      return
    }
    #expect(machine.heldValue == "b")
    guard case .sleep(let end) = machine.timerWoke(generation: generation, at: Self.at(50)) else {
      Issue.record("the timer sleeps until the window the first value opened ends")
      return
    }
    #expect(end == Self.at(100))
    let run = try #require(machine.timerWoke(generation: generation, at: Self.at(100)).startedRun)
    #expect(run.ticket.carried == "b")
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(100)) else {
      Issue.record("with nothing held, the timer ends")
      return
    }
    #expect(Self.run(&machine, run.ticket) == "b")
    #expect(machine.isIdle)
    // The run opened no window: a value at the same instant opens a fresh one and waits.
    let next = try #require(machine.send("c", at: Self.at(100)).startedTimer)
    guard case .sleep(let nextEnd) = machine.timerWoke(generation: next, at: Self.at(100)) else {
      Issue.record("c waits for its own window's end")
      return
    }
    #expect(nextEnd == Self.at(200))
  }

  @Test func newestOnlyRunsAValueHeldPastItsWindowAndHoldsTheNewOne() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .newestAtWindowEndOnly)
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    // The window ended but the timer has not caught up: a is due and runs; b opens a fresh
    // window, and the running timer times it.
    guard case .startRun(let run) = machine.send("b", at: Self.at(150)) else {
      Issue.record("the due value runs, with no second timer")
      return
    }
    #expect(run.ticket.carried == "a")
    #expect(machine.heldValue == "b")
    guard case .sleep(let end) = machine.timerWoke(generation: generation, at: Self.at(150)) else {
      Issue.record("the timer sleeps until b's window ends")
      return
    }
    #expect(end == Self.at(250))
  }

  @Test func newestOnlyFlushClosesTheWindowAndCancelDropsIt() throws {
    var machine = Machine(interval: .milliseconds(100), mode: .newestAtWindowEndOnly)
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    let flushed = try #require(machine.flush().startedRun)
    #expect(flushed.ticket.carried == "a")
    #expect(Self.run(&machine, flushed.ticket) == "a")
    // The flushed run was the window's end: b opens a window that ends at 150, not 100.
    guard case .none = machine.send("b", at: Self.at(50)) else {
      Issue.record("the sleeping timer times b's window")
      return
    }
    guard case .sleep(let end) = machine.timerWoke(generation: generation, at: Self.at(100)) else {
      Issue.record("b waits for its own window's end")
      return
    }
    #expect(end == Self.at(150))
    _ = machine.cancel()
    #expect(!machine.isPending)
    #expect(machine.send("c", at: Self.at(110)).startedRun == nil, "c waits after a cancel too")
  }
}
