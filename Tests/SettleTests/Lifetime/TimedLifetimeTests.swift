import Settle
import SettleTesting
import Testing

/// Debouncers and throttlers are freed as soon as their owner lets go, whether their work ran
/// or was cancelled; their timer and run tasks keep only the internal engine alive, never the
/// actor, and the engine drops the action at once.
@Suite("Lifetime: Debouncer and Throttler")
struct TimedLifetimeTests {
  @Test(arguments: ["ran", "cancelled", "pending"])
  func aDebouncerIsFreedAfterUse(ending: String) async {
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
      await debouncer?.waitUntilIdle()
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
  func aThrottlerIsFreedAfterUse(ending: String) async {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    var throttler: Throttler<Int, ManualClock>? = Throttler(for: .milliseconds(10), clock: clock) {
      [token = lifetime.makeToken()] _ in
      _ = token
    }
    weak let weakThrottler = throttler
    throttler?.send(1)
    await throttler?.waitUntilIdle()
    throttler?.send(2)
    switch ending {
    case "ran":
      await clock.advance(by: .milliseconds(10))
      await throttler?.waitUntilIdle()
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
