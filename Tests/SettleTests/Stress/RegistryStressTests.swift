import Settle
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two threads write two recorded properties at the same moment, 100,000 times; the scope's
/// callback makes a system call, which widens the window in which a second writer could
/// slip in. Settle must call back exactly once every time.
@Suite("Stress: exactly-once tracking callbacks", .serialized)
struct RegistryStressTests {
  static let trials = Int(Environment.value("SETTLE_REGISTRY_TRIALS") ?? "") ?? 100_000

  @Test func racingWritersCallBackExactlyOncePerScope() {
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
      threads.race({ first.value = 1 }, { second.value = 1 })
      switch calls.withLock({ $0 }) {
      case 1: break
      case 0: missing += 1
      default: doubles += 1
      }
    }
    #expect(doubles == 0)
    #expect(missing == 0)
  }

}
