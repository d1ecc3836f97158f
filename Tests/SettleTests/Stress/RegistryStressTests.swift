// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two threads write two recorded properties at the same moment, 20,000 times by default and
/// 100,000 in CI's thorough step (`SETTLE_REGISTRY_TRIALS`); the scope's
/// callback makes a system call, which widens the window in which a second writer could
/// slip in. Settle must call back exactly once every time.
@Suite("Stress: exactly-once tracking callbacks", .serialized, .watched)
struct RegistryStressTests {
  static let trials = Int(Environment.value("SETTLE_REGISTRY_TRIALS") ?? "") ?? 20_000

  @Test func racingWritersCallBackExactlyOncePerScope() throws {
    let threads = ThreadPair()
    defer { threads.stop() }
    var doubles = 0
    var missing = 0
    for _ in 0..<Self.trials {
      let first = Counter()
      let second = Counter()
      let calls = LockedState(0)
      withTracking {
        _ = first.value
        _ = second.value
      } onChange: {
        _ = getpid()
        calls.withLock { $0 += 1 }
      }
      try threads.race({ first.value = 1 }, { second.value = 1 })
      switch calls.withLock({ $0 }) {
      case 1: break
      case 0: missing += 1
      default: doubles += 1
      }
    }
    #expect(doubles == 0)
    #expect(missing == 0)
  }

  /// One thread releases the last reference to one watched object (whose registry then
  /// empties its core) while the other writes the second watched object, which fires the scope
  /// and makes it unregister from both cores. Neither order may crash, call back twice, or
  /// keep the callback alive once both are done.
  @Test func releasingAnObjectWhileItsScopeFiresIsSafe() throws {
    let threads = ThreadPair()
    defer { threads.stop() }
    let trials = Self.trials / 10
    let lifetime = LifetimeTracker()
    var wrongCounts = 0
    for _ in 0..<trials {
      let released = Box<Counter?>(Counter())
      let written = Counter()
      let calls = LockedState(0)
      do {
        let token = lifetime.makeToken()
        withTracking {
          _ = released.value?.value
          _ = written.value
        } onChange: {
          _ = token
          calls.withLock { $0 += 1 }
        }
      }
      try threads.race({ released.value = nil }, { written.value = 1 })
      // The write always lands, so the scope fires exactly once, whichever thread won.
      if calls.withLock({ $0 }) != 1 { wrongCounts += 1 }
      #expect(written.observationRegistry.armedScopeCount == 0)
    }
    #expect(wrongCounts == 0)
    #expect(lifetime.releasedCount == trials)
  }
}

/// A mutable reference the racing closures share; the race itself is what is under test.
private final class Box<Value>: @unchecked Sendable {
  var value: Value
  init(_ value: Value) { self.value = value }
}
