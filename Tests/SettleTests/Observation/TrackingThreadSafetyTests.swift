// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Dispatch
import Settle
import SettleTestSupport
import Testing

/// The registry's bookkeeping under concurrent scopes and writes.
@Suite(.watched) struct TrackingThreadSafetyTests {
  @Test func hammerFromSeveralThreads() {
    let counters = (0..<4).map { _ in Counter() }
    let scopes = 4_000
    let calls = (0..<scopes).map { _ in LockedState(0) }
    DispatchQueue.concurrentPerform(iterations: 4) { worker in
      for index in stride(from: worker, to: scopes, by: 4) {
        let first = counters[index % 4]
        let second = counters[(index / 4) % 4]
        let call = calls[index]
        withTracking {
          _ = first.value
          _ = second.other
        } onChange: {
          call.withLock { $0 += 1 }
          _ = first.value  // callbacks may read, and write, tracked state
        }
        counters[(index + worker) % 4].value += 1
      }
    }
    // Every scope read some `value`; one more write to each fires any still armed.
    for counter in counters { counter.value += 1 }
    let counts = calls.map { $0.withLock { $0 } }
    #expect(counts.allSatisfy { $0 == 1 })
    for counter in counters {
      counter.other += 1
      #expect(counter.observationRegistry.armedScopeCount == 0)
    }
  }

  @Test func callbacksRunWithNoLockHeld() {
    // A callback that writes the same registry, and arms a new scope on it, would deadlock if
    // the registry's lock were held while it ran.
    let counter = Counter()
    let log = CallLog()
    withTracking {
      _ = counter.value
    } onChange: {
      counter.other = 1
      withTracking {
        _ = counter.other
      } onChange: {
        log.record("nested")
      }
      counter.other = 2
      log.record("outer")
    }
    counter.value = 1
    #expect(log.values == ["nested", "outer"])
  }
}
