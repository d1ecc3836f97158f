// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Releasing observed objects releases their registrations and callbacks.
@Suite(.watched) struct TrackingLifetimeTests {
  @Test func releasingTheObjectReleasesTheCallback() {
    let lifetime = LifetimeTracker()
    var store: LibraryStore? = LibraryStore()
    do {
      let token = lifetime.makeToken()
      withTracking {
        _ = store?.borrowedCount
      } onChange: {
        _ = token
      }
    }
    #expect(lifetime.releasedCount == 0)
    store = nil
    #expect(lifetime.releasedCount == 1)
  }

  @Test func callbackLivesUntilTheLastObservedObjectGoes() {
    let lifetime = LifetimeTracker()
    var first: LibraryStore? = LibraryStore()
    var second: LibraryStore? = LibraryStore()
    do {
      let token = lifetime.makeToken()
      withTracking {
        _ = first?.borrowedCount
        _ = second?.title
      } onChange: {
        _ = token
      }
    }
    first = nil
    #expect(lifetime.releasedCount == 0)
    second = nil
    #expect(lifetime.releasedCount == 1)
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
    let lifetime = LifetimeTracker()
    let store = LibraryStore()
    let other = LibraryStore()
    do {
      let token = lifetime.makeToken()
      withTracking {
        _ = store.borrowedCount
        _ = other.title
      } onChange: {
        _ = token
      }
    }
    store.borrowedCount = 1
    #expect(lifetime.releasedCount == 1)
    #expect(other.observationRegistry.armedScopeCount == 0)
  }

  @Test func scopesWithNothingReadAreReleasedAtOnce() {
    let lifetime = LifetimeTracker()
    do {
      let token = lifetime.makeToken()
      withTracking {
        _ = 1 + 1
      } onChange: {
        _ = token
      }
    }
    #expect(lifetime.releasedCount == 1)
  }

  @Test func manyScopesOnAReleasedObjectAreAllReleased() {
    let lifetime = LifetimeTracker()
    var store: LibraryStore? = LibraryStore()
    for _ in 0..<100 {
      let token = lifetime.makeToken()
      withTracking {
        _ = store?.borrowedCount
      } didChange: {
        _ = token
      }
    }
    store = nil
    #expect(lifetime.releasedCount == 100)
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
