import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Debouncers and throttlers are freed as soon as their owner lets go, whether their work ran
/// or was cancelled; their timer and run tasks keep only the internal engine alive, never the
/// actor, and the engine drops the action at once.
@Suite("Lifetime: Debouncer and Throttler", .watched)
struct TimedLifetimeTests {
  @Test(arguments: ["ran", "cancelled", "pending"])
  func aDebouncerIsFreedAfterUse(ending: String) async throws {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    var debouncer: Debouncer<Int, ManualClock>? = Debouncer(for: .milliseconds(10), clock: clock) {
      [token = lifetime.makeToken()] _ in
      _ = token
    }
    weak let weakDebouncer = debouncer
    debouncer?.send(1)
    switch ending {
    case "ran":
      await clock.advance(by: .milliseconds(10))
      try await debouncer?.waitUntilIdleBounded()
    case "cancelled":
      debouncer?.cancel()
    default:
      break
    }
    debouncer = nil
    #expect(weakDebouncer == nil)
    #expect(lifetime.liveCount == 0)
  }

  @Test(arguments: ["ran", "cancelled", "pending"])
  func aThrottlerIsFreedAfterUse(ending: String) async throws {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    var throttler: Throttler<Int, ManualClock>? = Throttler(for: .milliseconds(10), clock: clock) {
      [token = lifetime.makeToken()] _ in
      _ = token
    }
    weak let weakThrottler = throttler
    throttler?.send(1)
    try await throttler?.waitUntilIdleBounded()
    throttler?.send(2)
    switch ending {
    case "ran":
      await clock.advance(by: .milliseconds(10))
      try await throttler?.waitUntilIdleBounded()
    case "cancelled":
      throttler?.cancel()
    default:
      break
    }
    throttler = nil
    #expect(weakThrottler == nil)
    #expect(lifetime.liveCount == 0)
  }
}
