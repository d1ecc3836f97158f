// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import Testing

/// `RenderTracker` is called from UI code while models are written from other threads.
@Suite(.watched) struct RenderTrackerRaceTests {
  /// A write racing a re-render is never lost: either the render saw the new value or an
  /// invalidation was requested, and never more than one.
  @Test func aWriteRacingARenderIsNeverLost() throws {
    let threads = ThreadPair()
    defer { threads.stop() }
    for round in 0..<2_000 {
      let counter = Counter()
      let tracker = RenderTracker()
      let log = CallLog()
      let rendered = LockedState(-1)
      tracker.render {
        _ = counter.value
      } onInvalidate: {
        log.record("invalidate")
      }
      try threads.race(
        { counter.value = round + 1 },
        {
          let value = tracker.render {
            counter.value
          } onInvalidate: {
            log.record("invalidate")
          }
          rendered.withLock { $0 = value }
        })
      let sawNewValue = rendered.withLock { $0 } == round + 1
      #expect(log.count <= 1)
      #expect(sawNewValue || log.count == 1, "round \(round): the write was lost")
    }
  }

  /// A write racing `cancel()` calls back at most once, and nothing after both returned.
  @Test func aWriteRacingCancelInvalidatesAtMostOnce() throws {
    let threads = ThreadPair()
    defer { threads.stop() }
    for round in 0..<2_000 {
      let counter = Counter()
      let tracker = RenderTracker()
      let log = CallLog()
      tracker.render {
        _ = counter.value
      } onInvalidate: {
        log.record("invalidate")
      }
      try threads.race({ counter.value = round + 1 }, { tracker.cancel() })
      let afterRace = log.count
      #expect(afterRace <= 1)
      counter.value = -1
      #expect(log.count == afterRace)
      #expect(counter.observationRegistry.armedScopeCount == 0)
    }
  }
}
