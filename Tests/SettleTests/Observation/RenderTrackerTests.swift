// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The UI-free core of `WithTracking`.
@Suite(.watched) struct RenderTrackerTests {
  /// Renders `store.books.count` and records each invalidation.
  private func render(_ tracker: RenderTracker, _ store: LibraryStore, _ log: CallLog) -> Int {
    tracker.render {
      store.books.count
    } onInvalidate: {
      log.record("invalidate")
    }
  }

  @Test func aBurstOfWritesInvalidatesOnce() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    #expect(render(tracker, store, log) == 0)
    for book in 1...50 { store.books.append("Book \(book)") }
    #expect(log.count == 1)
    #expect(!tracker.isArmed)
  }

  @Test func theNextRenderReArms() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    _ = render(tracker, store, log)
    store.books = ["A"]
    store.books = ["A", "B"]
    #expect(log.count == 1)
    #expect(render(tracker, store, log) == 2)
    #expect(tracker.isArmed)
    store.books = ["C"]
    store.books = []
    #expect(log.count == 2)
  }

  @Test func renderingTwiceBeforeAChangeStillInvalidatesOnce() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    _ = render(tracker, store, log)
    _ = render(tracker, store, log)
    // The older render's scope was removed, not merely left to be ignored when it fires.
    #expect(store.observationRegistry.armedScopeCount == 1)
    store.books = ["A"]
    #expect(log.count == 1)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func unreadPropertiesDoNotInvalidate() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    _ = render(tracker, store, log)
    store.borrowedCount = 3
    store.title = "Annex"
    #expect(log.count == 0)
    #expect(tracker.isArmed)
  }

  @Test func objectLevelInvalidatesForAnyPropertyOfAnObjectRead() {
    let store = LibraryStore()
    let tracker = RenderTracker(options: .objectLevel)
    let log = CallLog()
    _ = render(tracker, store, log)
    store.borrowedCount = 3
    store.title = "Annex"
    #expect(log.count == 1)
  }

  @Test func readsThroughAComputedPropertyAreTracked() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    _ = tracker.render {
      store.summary
    } onInvalidate: {
      log.record("invalidate")
    }
    store.borrowedCount = 1
    #expect(log.count == 1)
  }

  @Test func invalidationSeesTheNewValue() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let seen = ValueRecorder<Int>()
    _ = tracker.render {
      store.borrowedCount
    } onInvalidate: {
      seen.record(store.borrowedCount)
    }
    store.borrowedCount = 7
    #expect(seen.values == [7])
  }

  @Test func aChangeDuringTheRenderInvalidatesBeforeItReturns() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    tracker.render {
      _ = store.borrowedCount
      store.borrowedCount += 1  // the render used a value that is already stale
      log.record("rendered")
    } onInvalidate: {
      log.record("invalidate")
    }
    #expect(log.values == ["rendered", "invalidate"])
    store.borrowedCount += 1
    #expect(log.values.filter { $0 == "invalidate" }.count == 1)
  }

  @Test func noInvalidationAfterCancel() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    _ = render(tracker, store, log)
    tracker.cancel()
    store.books = ["A"]
    #expect(log.count == 0)
    #expect(tracker.isCancelled)
    // A render after cancel still returns its result but arms nothing.
    #expect(render(tracker, store, log) == 1)
    store.books = []
    #expect(log.count == 0)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func cancelReleasesTheClosureAndTheRegistration() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let lifetime = LifetimeTracker()
    _ = tracker.render {
      store.books.count
    } onInvalidate: {
      [token = lifetime.makeToken()] in
      _ = token
    }
    #expect(lifetime.liveCount == 1)
    #expect(store.observationRegistry.armedScopeCount == 1)
    tracker.cancel()
    #expect(lifetime.liveCount == 0)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func releasingTheTrackerReleasesTheClosureWhileTheModelLives() {
    let store = LibraryStore()
    let lifetime = LifetimeTracker()
    var tracker: RenderTracker? = RenderTracker()
    _ = tracker?.render {
      store.books.count
    } onInvalidate: {
      [token = lifetime.makeToken()] in
      _ = token
    }
    let weakTracker = WeakBox(tracker)
    tracker = nil
    #expect(weakTracker.value == nil)  // the model does not keep the tracker alive
    #expect(lifetime.liveCount == 0)
    #expect(store.observationRegistry.armedScopeCount == 0)
    store.books = ["A"]
  }

  @Test func firingReleasesTheClosureAndEachRenderReleasesThePreviousOne() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let lifetime = LifetimeTracker()
    for _ in 1...3 {
      _ = tracker.render {
        store.books.count
      } onInvalidate: {
        [token = lifetime.makeToken()] in
        _ = token
      }
    }
    #expect(lifetime.liveCount == 1)
    store.books = ["A"]
    #expect(lifetime.liveCount == 0)
  }

  @Test func aThrowingRenderArmsNothing() {
    struct RenderFailed: Error {}
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    #expect(throws: RenderFailed.self) {
      try tracker.render {
        _ = store.books
        throw RenderFailed()
      } onInvalidate: {
        log.record("invalidate")
      }
    }
    store.books = ["A"]
    #expect(log.count == 0)
  }

  /// The loop `WithTracking` runs: an invalidation schedules one re-render on the main actor.
  @MainActor @Test func scheduledReRendersCoalesceABurst() async throws {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let renders = ValueRecorder<Int>()
    let loop = RenderLoop(tracker: tracker, store: store, renders: renders)
    loop.render()
    try await renders.waitForCountBounded(1)
    for book in 1...20 { store.books.append("Book \(book)") }  // no suspension: one burst
    try await renders.waitForCountBounded(2)
    store.books.removeAll()
    try await renders.waitForCountBounded(3)
    tracker.cancel()
    #expect(renders.values == [0, 20, 0])
    #expect(loop.scheduled == 2)
  }
}

/// Renders on the main actor and schedules the next render when invalidated, like SwiftUI.
@MainActor private final class RenderLoop {
  let tracker: RenderTracker
  let store: LibraryStore
  let renders: ValueRecorder<Int>
  private(set) var scheduled = 0

  init(tracker: RenderTracker, store: LibraryStore, renders: ValueRecorder<Int>) {
    self.tracker = tracker
    self.store = store
    self.renders = renders
  }

  func render() {
    let next: @MainActor @Sendable () -> Void = { [weak self] in
      self?.scheduled += 1
      self?.render()
    }
    let count = tracker.render {
      store.books.count
    } onInvalidate: {
      Task { @MainActor in next() }
    }
    renders.record(count)
  }
}

private final class WeakBox<T: AnyObject> {
  weak var value: T?
  init(_ value: T?) { self.value = value }
}
