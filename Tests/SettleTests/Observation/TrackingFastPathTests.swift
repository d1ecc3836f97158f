// Uses `withLockHeldForTesting`, `AccessRecorder` and `TrackingContext` (package): that a path
// takes no lock, and what a recording holds, are not visible through the public API.
import Dispatch
import Foundation
import Settle
import SettleTestSupport
import Testing

/// Reads outside any scope touch no lock and leave no trace.
@Suite(.watched) struct TrackingFastPathTests {
  @Test func readsOutsideAScopeTakeNoLock() {
    // Another thread reads while the registry's lock is held. Reads that took the lock would
    // block until the time-out, which is consulted only when the property is broken; it counts
    // live time, so a busy machine that merely slows the reads down does not break it.
    let store = LibraryStore()
    let finished = DispatchSemaphore(value: 0)
    let readAll = store.observationRegistry.withLockHeldForTesting {
      Thread {
        var total = 0
        for _ in 0..<10_000 { total &+= store.borrowedCount + store.title.count }
        _ = total
        finished.signal()
      }.start()
      let deadline = LiveDeadline(after: .seconds(30), "reads outside a scope to finish")
      while finished.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
        if deadline.hasPassed { return false }
      }
      return true
    }
    if !readAll { finished.wait() }
    #expect(readAll)
  }

  /// The counterpart, so the test above cannot pass because these reads never reach the
  /// registry: the same reads inside a scope arm it, and a write fires the scope.
  ///
  /// Deterministic on purpose: showing that a scoped read blocks on the held lock would need
  /// a time-out to tell "blocked" from "slow", and a time-out would decide the outcome.
  @Test func theSameReadsInsideAScopeReachTheRegistry() {
    let store = LibraryStore()
    let fired = LockedCounter()
    withTracking {
      _ = store.borrowedCount + store.title.count
    } onChange: {
      fired.increment()
    }
    #expect(store.observationRegistry.armedScopeCount == 1)
    #expect(fired.current == 0)
    store.title = "Annex"
    #expect(fired.current == 1)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func readsOutsideAScopeRecordNothing() {
    let store = LibraryStore()
    for _ in 0..<1_000 { _ = store.borrowedCount }
    #expect(TrackingContext.current == nil)
    let recorder = AccessRecorder()
    TrackingContext.recording(into: recorder) {}
    #expect(recorder.accesses.isEmpty)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }
}
