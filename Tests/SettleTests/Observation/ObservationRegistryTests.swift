// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import Testing

/// Tracking by hand, the after-store variant and the object-level option.
@Suite(.watched) struct ObservationRegistryTests {
  @Test func handWrittenPropertiesAreTracked() {
    let counter = Counter()
    let log = CallLog()
    withTracking {
      _ = counter.value
    } didChange: {
      log.record("now \(counter.value)")
    }
    counter.other = 1
    counter.value = 3
    #expect(log.values == ["now 3"])
  }

  @Test func withMutationCallsDidSetWhenTheMutationThrows() {
    struct Failure: Error {}
    let counter = Counter()
    let log = CallLog()
    withTracking {
      _ = counter.value
    } didChange: {
      log.record("changed")
    }
    #expect(throws: Failure.self) {
      try counter.observationRegistry.withMutation(of: counter, keyPath: \.value) {
        throw Failure()
      }
    }
    #expect(log.count == 1)
  }

  @Test func throwingApplyArmsNothing() {
    struct Failure: Error {}
    let store = LibraryStore()
    #expect(throws: Failure.self) {
      try withTracking {
        _ = store.borrowedCount
        throw Failure()
      } onChange: {
      }
    }
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func objectLevelScopesFireForAnyTrackedProperty() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: .objectLevel) {
      _ = store.borrowedCount
    } onChange: {
      log.record("object")
    }
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      log.record("property")
    }
    store.title = "Annex"
    #expect(log.values == ["object"])
    store.borrowedCount = 1
    #expect(log.values == ["object", "property"])
  }

  /// The default object-level scope is called before the store, as a property-level one is:
  /// it reads the old value, whether the write is to the property it read or to another.
  /// Only `.afterStore` (below) makes it read the new one.
  @Test(arguments: ["title", "borrowedCount"])
  func objectLevelScopesSeeTheOldValue(written: String) {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: .objectLevel) {
      _ = store.borrowedCount
    } onChange: {
      log.record("\(store.title), \(store.borrowedCount)")
    }
    if written == "title" { store.title = "Annex" } else { store.borrowedCount = 1 }
    #expect(log.values == ["Library, 0"])
  }

  @Test(arguments: ["title", "borrowedCount"])
  func objectLevelAfterStoreScopesSeeTheNewValue(written: String) {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: [.objectLevel, .afterStore]) {
      _ = store.borrowedCount
    } onChange: {
      log.record("\(store.title), \(store.borrowedCount)")
    }
    if written == "title" { store.title = "Annex" } else { store.borrowedCount = 1 }
    #expect(log.values == [written == "title" ? "Annex, 0" : "Library, 1"])
  }

  @Test func objectLevelScopesSeeWritesDuringApply() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: .objectLevel) {
      _ = store.borrowedCount
      store.title = "Annex"
    } onChange: {
      log.record("object")
    }
    #expect(log.count == 1)
  }

  @Test func objectLevelScopesDoNotWatchOtherObjects() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: .objectLevel) {
      _ = store.borrowedCount
    } onChange: {
      log.record("object")
    }
    store.shelf.label = "B"
    #expect(log.count == 0)
  }

  @Test func scopeReArmedInsideOnChangeSeesTheWriteItMissed() {
    // Re-arming from a before-store callback reads the old value; the write's didSet must
    // then report it, or the new scope would show a stale value until the next write.
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      let old = withTracking {
        store.borrowedCount
      } onChange: {
        log.record("re-armed fired")
      }
      log.record("re-armed with \(old)")
    }
    store.borrowedCount = 1
    #expect(log.values == ["re-armed with 0", "re-armed fired"])
  }
}
