// The package ledger on its own: its invariants (ticket order, runs in flight) are not public.
import Settle
import SettleTestSupport
import Testing

/// The shared bookkeeping, and the stops that guard its invariants.
@Suite("RunLedger", .watched)
struct RunLedgerTests {
  @Test func runsInFlightAreTheTicketsNotYetReturned() {
    var ledger = RunLedger()
    let first = ledger.dispatch(carrying: "a")
    let second = ledger.dispatch(carrying: String?.none)
    #expect(first.ticket.id == 1)
    #expect(second.superseding == 1..<2)
    #expect(ledger.activeRunCount == 2)
    #expect(ledger.unclaimedCarriedRuns == 1)
    #expect(ledger.newestRunInFlight == 2)
    let firstClaimed = ledger.claim(first.ticket)
    #expect(firstClaimed)
    #expect(ledger.unclaimedCarriedRuns == 0)
    ledger.runReturned(1)
    let secondClaimed = ledger.claim(second.ticket)
    #expect(secondClaimed)
    ledger.runReturned(2)
    #expect(ledger.activeRunCount == 0)
    #expect(ledger.newestRunInFlight == nil)
  }

  @Test func oneTimerAtATimeEachWithANewGeneration() {
    var ledger = RunLedger()
    let first = ledger.startTimerIfStopped()
    #expect(first == 1)
    #expect(ledger.startTimerIfStopped() == nil)
    ledger.timerSleeps()
    let current = ledger.timerWoke(generation: 1)
    #expect(current)
    ledger.timerStops()
    #expect(ledger.startTimerIfStopped() == 2)
    let stale = ledger.timerWoke(generation: 1)
    #expect(!stale)
    #expect(ledger.timersStarted == 2)
  }

  @Test func aRunClaimingOutOfTicketOrderStops() async {
    await #expect(processExitsWith: .failure) {
      var ledger = RunLedger()
      _ = ledger.dispatch(carrying: "a")
      let second = ledger.dispatch(carrying: "b")
      _ = ledger.claim(second.ticket)
    }
  }

  @Test func aRunReturningTwiceStops() async {
    await #expect(processExitsWith: .failure) {
      var ledger = RunLedger()
      _ = ledger.dispatch(carrying: "a")
      ledger.runReturned(1)
      ledger.runReturned(1)
    }
  }

  @Test func aTimerThatIsNotAwakeCannotSleep() async {
    await #expect(processExitsWith: .failure) {
      var ledger = RunLedger()
      ledger.timerSleeps()
    }
  }
}
