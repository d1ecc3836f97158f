import Settle
import Testing

/// Releasing observed objects releases their registrations and callbacks.
@Suite struct TrackingLifetimeTests {
  @Test func releasingTheObjectReleasesTheCallback() {
    let released = DeinitCounter()
    var store: LibraryStore? = LibraryStore()
    do {
      let token = released.token()
      withTracking {
        _ = store?.borrowedCount
      } onChange: {
        token.touch()
      }
    }
    #expect(released.count == 0)
    store = nil
    #expect(released.count == 1)
  }

  @Test func callbackLivesUntilTheLastObservedObjectGoes() {
    let released = DeinitCounter()
    var first: LibraryStore? = LibraryStore()
    var second: LibraryStore? = LibraryStore()
    do {
      let token = released.token()
      withTracking {
        _ = first?.borrowedCount
        _ = second?.title
      } onChange: {
        token.touch()
      }
    }
    first = nil
    #expect(released.count == 0)
    second = nil
    #expect(released.count == 1)
  }

  @Test func aScopeWhoseOtherObjectIsGoneStillFiresOnce() {
    let log = CallLog()
    var first: LibraryStore? = LibraryStore()
    let second = LibraryStore()
    withTracking {
      _ = first?.borrowedCount
      _ = second.title
    } onChange: {
      log.record("changed")
    }
    first = nil
    second.title = "Annex"
    second.title = "Stacks"
    #expect(log.count == 1)
  }

  @Test func firingReleasesTheCallbackWhileObjectsLive() {
    let released = DeinitCounter()
    let store = LibraryStore()
    let other = LibraryStore()
    do {
      let token = released.token()
      withTracking {
        _ = store.borrowedCount
        _ = other.title
      } onChange: {
        token.touch()
      }
    }
    store.borrowedCount = 1
    #expect(released.count == 1)
    #expect(other.observationRegistry.armedScopeCount == 0)
  }

  @Test func scopesWithNothingReadAreReleasedAtOnce() {
    let released = DeinitCounter()
    do {
      let token = released.token()
      withTracking {
        _ = 1 + 1
      } onChange: {
        token.touch()
      }
    }
    #expect(released.count == 1)
  }

  @Test func manyScopesOnAReleasedObjectAreAllReleased() {
    let released = DeinitCounter()
    var store: LibraryStore? = LibraryStore()
    for _ in 0..<100 {
      let token = released.token()
      withTracking {
        _ = store?.borrowedCount
      } didChange: {
        token.touch()
      }
    }
    store = nil
    #expect(released.count == 100)
  }

  @Test func theObservedObjectIsNotKeptAliveByItsScopes() {
    weak var weakStore: LibraryStore?
    do {
      let store = LibraryStore()
      weakStore = store
      withTracking {
        _ = store.borrowedCount
      } onChange: {
      }
    }
    #expect(weakStore == nil)
  }
}
