// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A TrackedValues iterator lets go of its closure, and of what the closure captured, when it
/// is dropped or its task is cancelled; the tracked object keeps nothing of it.
@Suite("Lifetime: TrackedValues iterators", .watched)
struct TrackedValuesLifetimeTests {
  @Test func aDroppedIteratorReleasesItsClosure() async throws {
    let store = LibraryStore()
    let lifetime = LifetimeTracker()
    do {
      let token = lifetime.makeToken()
      var values = TrackedValues { [token] in
        _ = token
        return store.borrowedCount
      }.makeAsyncIterator()
      _ = try await values.nextBounded()
      #expect(lifetime.liveCount == 1)
    }
    #expect(lifetime.liveCount == 0)
    store.borrowedCount += 1  // a write after the drop reaches nothing
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func aCancelledIterationReleasesItsClosure() async throws {
    let store = LibraryStore()
    let lifetime = LifetimeTracker()
    let started = AsyncGate()
    let consumer = Task {
      // Locals die when the task's body returns, before its value is delivered.
      let token = lifetime.makeToken()
      var values = TrackedValues { [token] in
        _ = token
        return store.borrowedCount
      }.makeAsyncIterator()
      _ = await values.next()
      started.open()
      return await values.next()
    }
    try await started.waitBounded("the consumer's first element")
    consumer.cancel()
    #expect(try await consumer.valueBounded("the cancelled consumer to return") == nil)
    #expect(lifetime.liveCount == 0)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }
}
