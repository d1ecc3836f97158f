// Uses `armedScopeCount` (package): that a cancelled observation leaves nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// ``withContinuousTracking(options:_:)``: called at once and after every change to what it
/// read, re-armed on each call's reads, stopped by its token.
@Suite(.watched) struct ContinuousTrackingTests {
  @Test func callsAtOnceThenAfterEachStoreWithTheNewValue() {
    let store = LibraryStore()
    let seen = ValueRecorder<String>()
    let token = withContinuousTracking { [store] event in
      seen.record("\(event.kind) \(store.borrowedCount)")
    }
    #expect(seen.values == ["initial 0"])
    store.borrowedCount = 1
    store.borrowedCount = 2
    store.borrowedCount = 2  // equal: no change
    store.title = "Annex"  // not read
    #expect(seen.values == ["initial 0", "didSet 1", "didSet 2"])
    token.cancel()
  }

  @Test func eachCallTracksWhatItReadThisTime() {
    let store = LibraryStore()
    let seen = ValueRecorder<String>()
    let token = withContinuousTracking { [store] event in
      // Reads the title only while the library is open.
      let title = store.isOpen ? store.title : "closed"
      seen.record(title)
    }
    store.title = "Annex"
    store.isOpen = false
    store.title = "Vault"  // not read by the last call
    store.isOpen = true
    #expect(seen.values == ["Library", "Annex", "closed", "Vault"])
    token.cancel()
  }

  @Test func eventSaysWhichPropertyChanged() {
    let store = LibraryStore()
    let changed = ValueRecorder<String>()
    let token = withContinuousTracking { [store] event in
      _ = store.borrowedCount + store.title.count
      if event.matches(\LibraryStore.borrowedCount) { changed.record("borrowedCount") }
      if event.matches(\LibraryStore.title) { changed.record("title") }
    }
    store.title = "Annex"
    store.borrowedCount = 4
    store.title = "Vault"
    #expect(changed.values == ["title", "borrowedCount", "title"])
    token.cancel()
  }

  @Test func aWriteTheCallbackMakesToWhatItReadIsReported() {
    // The call reads, then writes what it read: the next scope was armed with the version it
    // read, so the write is reported by one more call, which sees the new value.
    let store = LibraryStore()
    let seen = ValueRecorder<Int>()
    let token = withContinuousTracking { [store] _ in
      let count = store.borrowedCount
      seen.record(count)
      if count == 1 { store.borrowedCount = 2 }
    }
    store.borrowedCount = 1
    #expect(seen.values == [0, 1, 2])
    #expect(store.borrowedCount == 2)
    token.cancel()
  }

  @Test func cancelStopsAndIsIdempotent() {
    let store = LibraryStore()
    let seen = ValueRecorder<Int>()
    let token = withContinuousTracking { [store] _ in seen.record(store.borrowedCount) }
    token.cancel()
    token.cancel()
    store.borrowedCount = 1
    #expect(seen.values == [0])
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func releasingTheTokenStops() {
    let store = LibraryStore()
    let seen = ValueRecorder<Int>()
    do {
      let token = withContinuousTracking { [store] _ in seen.record(store.borrowedCount) }
      store.borrowedCount = 1
      withExtendedLifetime(token) {}
    }
    store.borrowedCount = 2
    #expect(seen.values == [0, 1])
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func theTokenAloneKeepsTheClosureAndTheModelItCaptures() {
    // The model holds its registry, which holds the armed scope: were the scope to hold the
    // closure strongly, the model would keep itself alive through it.
    var store: LibraryStore? = LibraryStore()
    weak let weakStore = store
    let lifetime = LifetimeTracker()
    var token: TrackingToken? = {
      let captured = store!
      let keepAlive = lifetime.makeToken()
      return withContinuousTracking { _ in
        _ = keepAlive
        _ = captured.borrowedCount
      }
    }()
    store = nil
    #expect(weakStore != nil)  // the token holds it, through the closure
    token = nil
    #expect(weakStore == nil)
    #expect(lifetime.liveCount == 0)
    _ = token
  }

  @Test func releaseEventsReArmOnWhatIsLeft() {
    var released: LibraryStore? = LibraryStore()
    let kept = LibraryStore()
    let kinds = ValueRecorder<TrackingEvent.Kind>()
    let token = withContinuousTracking(options: .deinit) { [weak released, kept] event in
      kinds.record(event.kind)
      _ = released?.borrowedCount
      _ = kept.borrowedCount
    }
    released = nil
    kept.borrowedCount = 1
    #expect(kinds.values == [.initial, .deinit, .didSet])
    token.cancel()
  }

  @Test func objectLevelContinuousTrackingSeesEveryProperty() {
    let store = LibraryStore()
    let changed = ValueRecorder<Bool>()
    let token = withContinuousTracking(options: .objectLevel) { [store] event in
      _ = store.borrowedCount
      if event.kind == .didSet { changed.record(event.matches(\LibraryStore.title)) }
    }
    store.title = "Annex"
    store.borrowedCount = 1
    #expect(changed.values == [true, false])
    token.cancel()
  }

  @Test func callsAreNotRecordedIntoAnEnclosingScope() {
    // A call fired by a write inside another scope's apply reads with that scope suppressed.
    let store = LibraryStore()
    let outer = CallLog()
    let token = withContinuousTracking { [store] _ in _ = store.title }
    withTracking {
      _ = store.borrowedCount
      store.title = "Annex"  // fires the continuous scope here, inside apply
    } onChange: {
      outer.record("outer")
    }
    store.title = "Vault"  // read only by the continuous call, not by the outer scope
    #expect(outer.values.isEmpty)
    store.borrowedCount = 1
    #expect(outer.values == ["outer"])
    token.cancel()
  }
}
