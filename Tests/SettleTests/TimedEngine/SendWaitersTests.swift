// Hooks: `SendWaiters`, the engines' table of `sendAndWait` callers (package), driven directly:
// no public API reaches the moment between a caller's settlement and its reading of it.
import SettleTestSupport
import Testing

@testable import Settle

/// The table of waiting callers never hands one caller's outcome to another.
@Suite("SendWaiters", .watched)
struct SendWaitersTests {
  typealias Waiters = SendWaiters<String, Result<Int, Never>>

  @Test func anIdIsNeverReusedWhenAKeysQueueIsMadeAgain() {
    var waiters = Waiters()
    // A caller of "a" is settled (dropped here) and its key's queue goes, but it has not yet
    // read its outcome when the next caller of "a" comes.
    let first = waiters.reserve(in: "a")
    waiters.drop(first, in: "a")
    let second = waiters.reserve(in: "a")
    #expect(second != first)
    waiters.drop(second, in: "a")
    #expect(waiters.takeOutcome(of: first, in: "a")?.outcome == .dropped)
    #expect(waiters.takeOutcome(of: second, in: "a")?.outcome == .dropped)
    // Each outcome is read once.
    #expect(waiters.takeOutcome(of: first, in: "a") == nil)
    #expect(waiters.queues.isEmpty)
  }

  @Test func idsAreUniqueOverEveryKey() {
    var waiters = Waiters()
    let ids = ["a", "b", "a", "c", "b"].map { waiters.reserve(in: $0) }
    #expect(Set(ids).count == ids.count)
  }
}
