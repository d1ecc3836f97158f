// The package-level machine on its own, as CONTRIBUTING.md's state-machine rule asks;
// `RateLimiterTests` show its rules publicly.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The rate limiter's rules, driven event by event, with claims as late as a busy actor makes
/// them.
@Suite("RateLimitStateMachine", .watched)
struct RateLimitStateMachineTests {
  typealias Machine = RateLimitStateMachine<String, ManualClock.Instant>

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  /// A run whose action's isolation was busy starts late, and holds its place from its start:
  /// counted from its dispatch, the next run could start within less than an interval of it.
  @Test func aRunThatStartsLateHoldsItsPlaceFromItsStart() throws {
    var machine = Machine(limit: 1, interval: .milliseconds(100))
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    guard case .none = machine.send("b", at: Self.at(10)) else {
      Issue.record("b waits: a run is in flight")
      return
    }
    #expect(machine.claim(first.ticket, at: Self.at(90)) == "a")  // its actor was busy
    #expect(machine.remembersUntil == Self.at(190))
    let generation = try #require(
      machine.runReturned(first.ticket, at: Self.at(95)).startedTimer)
    guard case .sleep(let place) = machine.timerWoke(generation: generation, at: Self.at(95))
    else {
      Issue.record("the timer sleeps until a's place frees up")
      return
    }
    #expect(place == Self.at(190))
    let second = try #require(
      machine.timerWoke(generation: generation, at: Self.at(190)).startedRun)
    #expect(second.ticket.carried == "b")
  }

  /// The queue moves on when a run returns, at once when a place is free.
  @Test func aReturnDispatchesTheNextQueuedValueWhenAPlaceIsFree() throws {
    var machine = Machine(limit: 2, interval: .milliseconds(100))
    let first = try #require(machine.send("a", at: Self.at(0)).startedRun)
    _ = machine.send("b", at: Self.at(0))
    _ = machine.send("c", at: Self.at(0))
    #expect(machine.queuedValues == ["b", "c"])
    #expect(machine.claim(first.ticket, at: Self.at(0)) == "a")
    let second = try #require(machine.runReturned(first.ticket, at: Self.at(5)).startedRun)
    #expect(second.ticket.carried == "b")
    #expect(second.superseding.isEmpty)
    #expect(machine.claim(second.ticket, at: Self.at(5)) == "b")
    // Both places are taken, by a (until 100) and b (until 105): c waits for the timer.
    let generation = try #require(
      machine.runReturned(second.ticket, at: Self.at(6)).startedTimer)
    guard case .sleep(let place) = machine.timerWoke(generation: generation, at: Self.at(6))
    else {
      Issue.record("the timer sleeps until a's place frees up")
      return
    }
    #expect(place == Self.at(100))
  }
}
