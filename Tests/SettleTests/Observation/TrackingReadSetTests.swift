// The read set's internals (`AccessRecorder`, `PropertyReads`, `RegistryState`, `TrackingScope`,
// `core`): which slots a read arms is not public.
import Settle
import SettleTestSupport
import Testing

/// Points 1, 4 and 7: what a scope records, and that it notices nothing else.
@Suite(.watched) struct TrackingReadSetTests {
  @Test func recordsSeveralPropertiesOfSeveralObjects() {
    let store = LibraryStore()
    let other = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      _ = store.title
      _ = other.books
    } onChange: {
      log.record("changed")
    }
    #expect(store.observationRegistry.armedScopeCount == 1)
    #expect(other.observationRegistry.armedScopeCount == 1)
    other.books.append("Dune")
    #expect(log.values == ["changed"])
  }

  @Test(arguments: ["borrowedCount", "title", "books"])
  func eachRecordedPropertyFires(_ property: String) {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      _ = store.title
      _ = store.books
    } onChange: {
      log.record("changed")
    }
    switch property {
    case "borrowedCount": store.borrowedCount = 1
    case "title": store.title = "Annex"
    default: store.books = ["Emma"]
    }
    #expect(log.count == 1)
  }

  @Test func recordsReadsThroughComputedProperties() {
    let store = LibraryStore()
    let log = CallLog()
    let summary = withTracking {
      store.summary
    } onChange: {
      log.record("changed")
    }
    #expect(summary == "Library: 0")
    store.title = "Annex"
    #expect(log.count == 1)
  }

  @Test func recordsNestedObjectsTrackedProperties() {
    let store = LibraryStore()
    let shelf = store.shelf
    let log = CallLog()
    withTracking {
      _ = store.shelf.label
    } onChange: {
      log.record("changed")
    }
    #expect(shelf.observationRegistry.armedScopeCount == 1)
    shelf.label = "B"
    #expect(log.count == 1)
  }

  @Test func aPropertyReadManyTimesIsRecordedOnce() {
    let store = LibraryStore()
    let recorder = AccessRecorder()
    TrackingContext.recording(into: recorder) {
      for _ in 0..<100 { _ = store.borrowedCount }
    }
    let access = recorder.access(for: store.observationRegistry)
    #expect(access?.properties.reads.count == 1)
    let slot = store.observationRegistry.core.versionsForRead(of: \LibraryStore.borrowedCount).slot
    #expect(access?.properties.contains(slot: slot) == true)
  }

  @Test func writesToUnreadPropertiesCallNothing() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      log.record("changed")
    }
    store.title = "Annex"
    store.books.append("Emma")
    store.shelf.label = "B"
    #expect(log.count == 0)
    #expect(store.observationRegistry.armedScopeCount == 1)
  }

  @Test func writeCostIgnoresScopesWatchingOtherProperties() {
    // The write to `title` must find nothing to do however many scopes watch `borrowedCount`:
    // the registry keeps scopes per property, so none of them is even looked at.
    var state = RegistryState()
    let watched: AnyKeyPath = \LibraryStore.borrowedCount
    let written: AnyKeyPath = \LibraryStore.title
    let watchedSlot = state.versionsForRead(of: watched).slot
    _ = state.versionsForRead(of: written)
    let scopes = (0..<1_000).map { _ in TrackingScope(options: [], callback: {}) }
    for scope in scopes {
      let armed = state.register(
        scope, properties: PropertyReads(slot: watchedSlot, version: 0), objectVersion: 0)
      #expect(armed == nil)
    }
    let firedBefore = state.willSet(written)
    let firedAfter = state.didSet(written)
    #expect(firedBefore.isEmpty && firedAfter.isEmpty)
    #expect(state.slot(for: watched)?.beforeStore.count == 1_000)
    let firedByWatched = state.willSet(watched)
    #expect(firedByWatched.count == 1_000)
  }

  @Test func nestedScopeReadsAreRecordedByTheOuterScopeToo() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      withTracking {
        _ = store.title
      } onChange: {
        log.record("inner")
      }
    } onChange: {
      log.record("outer")
    }
    store.title = "Annex"
    #expect(log.values.sorted() == ["inner", "outer"])
    store.title = "Stacks"
    store.borrowedCount = 3
    #expect(log.count == 2)
  }

  @Test func nestedScopesFireOnceEachOnTheirOwn() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      withTracking {
        _ = store.title
      } onChange: {
        log.record("inner")
      }
    } onChange: {
      log.record("outer")
    }
    store.borrowedCount = 1
    #expect(log.values == ["outer"])
    store.title = "Annex"
    #expect(log.values == ["outer", "inner"])
    store.title = "Stacks"
    #expect(log.values == ["outer", "inner"])
  }
}
