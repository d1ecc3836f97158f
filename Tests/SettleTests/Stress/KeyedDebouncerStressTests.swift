// Hooks: `keyCount`, `heapCount`, `keysWithRunTasks` and `hasTimer` show that nothing is left of
// any key afterwards; the public API shows only that no key is pending.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Real concurrency against the keyed guarantees: producers on several tasks send to, cancel
/// and flush a few dozen keys at once, on a zero interval, so runs start and end while others
/// are sent. Afterwards no two runs of one key overlapped, and nothing is left of any key.
@Suite("Stress: KeyedDebouncer", .backstop(minutes: 5), .watched)
struct KeyedDebouncerStressTests {
  static let rounds = Int(Environment.value("SETTLE_STRESS_ROUNDS") ?? "") ?? 300

  @Test func concurrentSendsCancelsAndFlushesOverManyKeys() async throws {
    let clock = ManualClock()
    let running = LockedState([Int: Int]())
    let overlaps = LockedCounter()
    let ran = LockedCounter()
    let debouncer = KeyedDebouncer(for: .zero, clock: clock) { (key: Int, _: Int) in
      let concurrent = running.withLock { running -> Int in
        running[key, default: 0] += 1
        return running[key]!
      }
      if concurrent > 1 { overlaps.increment() }
      ran.increment()
      await Task.yield()
      running.withLock { $0[key]! -= 1 }
    }
    let producers = 3
    let operations = max(Self.rounds / producers, 10)
    try await bounded("the producers") {
      await withTaskGroup(of: Void.self) { group in
        for producer in 0..<producers {
          group.addTask {
            for index in 0..<operations {
              let key = (index * 7 + producer) % 40
              switch index % 10 {
              case 7: debouncer.cancel(forKey: key)
              case 9: await debouncer.flush(forKey: key)
              default: debouncer.send(index, forKey: key)
              }
            }
          }
        }
      }
    }
    try await debouncer.waitUntilIdleBounded()
    // On a zero interval the timer is due at once: quiescent means it has stopped, having
    // skipped the entries that flushes and cancels left behind.
    try await debouncer.waitUntilQuiescentBounded()
    #expect(overlaps.current == 0, "runs of one key overlapped")
    #expect(ran.current > 0)
    #expect(debouncer.keyCount == 0)
    #expect(debouncer.heapCount == 0)
    #expect(debouncer.keysWithRunTasks == 0)
    #expect(!debouncer.hasTimer)
  }
}
