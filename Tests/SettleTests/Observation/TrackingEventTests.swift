import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// What a callback that takes a ``TrackingEvent`` is told: the kind, the property and the
/// object of the write, or the release of an object read.
@Suite(.watched) struct TrackingEventTests {
  /// One event, reduced to what the tests compare.
  struct Seen: Equatable, Sendable {
    var kind: TrackingEvent.Kind
    var borrowedCount = false
    var title = false
    var objectID: ObjectIdentifier?
  }

  static func seen(_ event: TrackingEvent) -> Seen {
    Seen(
      kind: event.kind,
      borrowedCount: event.matches(\LibraryStore.borrowedCount),
      title: event.matches(\LibraryStore.title),
      objectID: event.objectID)
  }

  @Test func beforeStoreEventNamesThePropertyAndTheObjectAndSeesTheOldValue() {
    let store = LibraryStore()
    let events = ValueRecorder<Seen>()
    let valueSeen = ValueRecorder<Int>()
    withTracking {
      _ = store.borrowedCount
      _ = store.title
    } onChange: { event in
      events.record(Self.seen(event))
      valueSeen.record(store.borrowedCount)
    }
    store.borrowedCount = 3
    #expect(
      events.values == [
        Seen(kind: .willSet, borrowedCount: true, objectID: ObjectIdentifier(store))
      ])
    #expect(valueSeen.values == [0])
  }

  @Test func afterStoreEventIsDidSetAndSeesTheNewValue() {
    let store = LibraryStore()
    let events = ValueRecorder<Seen>()
    let valueSeen = ValueRecorder<String>()
    withTracking(options: .afterStore) {
      _ = store.borrowedCount
      _ = store.title
    } onChange: { event in
      events.record(Self.seen(event))
      valueSeen.record(store.title)
    }
    store.title = "Annex"
    #expect(events.values == [Seen(kind: .didSet, title: true, objectID: ObjectIdentifier(store))])
    #expect(valueSeen.values == ["Annex"])
  }

  @Test func aWriteToAPropertyThatWasNotReadHasNoEvent() {
    let store = LibraryStore()
    let events = ValueRecorder<Seen>()
    withTracking {
      _ = store.borrowedCount
    } onChange: { event in
      events.record(Self.seen(event))
    }
    store.title = "Annex"
    store.books.append("Emma")
    #expect(events.values.isEmpty)
    store.borrowedCount = 1
    #expect(events.count == 1)
  }

  @Test func objectLevelEventNamesThePropertyWritten() {
    let store = LibraryStore()
    let events = ValueRecorder<Seen>()
    withTracking(options: .objectLevel) {
      _ = store.borrowedCount
    } onChange: { event in
      events.record(Self.seen(event))
    }
    store.title = "Annex"  // not read, but object-level
    #expect(events.values == [Seen(kind: .willSet, title: true, objectID: ObjectIdentifier(store))])
  }

  @Test func eventTellsTwoObjectsOfOneClassApart() {
    let first = LibraryStore()
    let second = LibraryStore()
    let events = ValueRecorder<Seen>()
    withTracking {
      _ = first.borrowedCount
      _ = second.borrowedCount
    } onChange: { event in
      events.record(Self.seen(event))
    }
    second.borrowedCount = 1
    #expect(events.values.map(\.objectID) == [ObjectIdentifier(second)])
    #expect(events.values.map(\.borrowedCount) == [true])
  }

  @Test func changeFoundWhileArmingNamesThePropertyButNoObject() {
    let store = LibraryStore()
    let events = ValueRecorder<Seen>()
    withTracking {
      _ = store.title
      _ = store.borrowedCount
      store.borrowedCount = 5  // after its read: found when the scope is installed
    } onChange: { event in
      events.record(Self.seen(event))
    }
    #expect(events.values == [Seen(kind: .willSet, borrowedCount: true, objectID: nil)])
  }

  @Test func handMadeRegistryEventMatchesItsKeyPath() {
    let counter = Counter()
    let matched = ValueRecorder<[Bool]>()
    withTracking(options: .afterStore) {
      _ = counter.value
      _ = counter.other
    } onChange: { event in
      matched.record([event.matches(\Counter.value), event.matches(\Counter.other)])
    }
    counter.other = 1
    #expect(matched.values == [[false, true]])
  }

  @Test func plainCallbacksKeepWorkingBesideEventOnes() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      log.record("plain")
    }
    withTracking {
      _ = store.borrowedCount
    } didChange: {
      log.record("didChange")
    }
    withTracking {
      _ = store.borrowedCount
    } onChange: { event in
      log.record("event \(event.kind)")
    }
    store.borrowedCount = 1
    #expect(log.values.sorted() == ["didChange", "event willSet", "plain"])
  }

  // MARK: - Release

  @Test func releaseOfAnObjectReadCallsBackOnceWithADeinitEvent() {
    var store: LibraryStore? = LibraryStore()
    weak let weakStore = store
    let events = ValueRecorder<Seen>()
    let weakWasNil = ValueRecorder<Bool>()
    withTracking(options: .deinit) {
      _ = store?.borrowedCount
      _ = store?.title
    } onChange: { event in
      events.record(Self.seen(event))
      weakWasNil.record(weakStore == nil)
    }
    store = nil
    #expect(events.values == [Seen(kind: .deinit)])
    #expect(weakWasNil.values == [true])
  }

  @Test func releaseWithoutTheOptionCallsNothing() {
    var store: LibraryStore? = LibraryStore()
    let events = ValueRecorder<Seen>()
    withTracking {
      _ = store?.borrowedCount
    } onChange: { event in
      events.record(Self.seen(event))
    }
    store = nil
    #expect(events.values.isEmpty)
  }

  @Test func aScopeThatFiredFirstDoesNotReportTheRelease() {
    var store: LibraryStore? = LibraryStore()
    let events = ValueRecorder<Seen>()
    withTracking(options: [.afterStore, .deinit]) {
      _ = store?.borrowedCount
    } onChange: { event in
      events.record(Self.seen(event))
    }
    store?.borrowedCount = 1
    store = nil
    #expect(events.values.map(\.kind) == [.didSet])
  }

  @Test func aScopeCancelledFirstNeverReportsTheRelease() {
    var store: LibraryStore? = LibraryStore()
    let kinds = ValueRecorder<TrackingEvent.Kind>()
    let token = withContinuousTracking(options: .deinit) { [weak store] event in
      kinds.record(event.kind)
      _ = store?.borrowedCount
    }
    token.cancel()
    store = nil
    #expect(kinds.values == [.initial])
  }

  @Test func releaseOfOneOfTwoObjectsReadFiresOnceAndDisarmsTheOther() {
    var released: LibraryStore? = LibraryStore()
    let kept = LibraryStore()
    let kinds = ValueRecorder<TrackingEvent.Kind>()
    withTracking(options: .deinit) {
      _ = released?.borrowedCount
      _ = kept.borrowedCount
    } onChange: { event in
      kinds.record(event.kind)
    }
    released = nil
    kept.borrowedCount = 1
    #expect(kinds.values == [.deinit])
  }

  @Test func objectReleasedWhileItsScopeIsBeingArmedReportsOnceAfterArming() {
    // The last reference goes inside `apply`, after the read: the scope still arms (the read
    // holds the registry until installation ends) and then reports the release, once.
    var store: LibraryStore? = LibraryStore()
    let log = CallLog()
    withTracking(options: .deinit) {
      _ = store?.borrowedCount
      store = nil
      log.record("applied")
    } onChange: { event in
      log.record("\(event.kind)")
    }
    log.record("returned")
    #expect(log.values == ["applied", "deinit", "returned"])
  }

  @Test func objectReleasedWhileArmingWithoutTheOptionCallsNothingAndFreesTheCallback() {
    var store: LibraryStore? = LibraryStore()
    let lifetime = LifetimeTracker()
    do {
      let token = lifetime.makeToken()
      withTracking {
        _ = store?.borrowedCount
        store = nil
      } onChange: {
        _ = token
        Issue.record("a release without .deinit must not call back")
      }
    }
    #expect(lifetime.liveCount == 0)
  }
}

/// ``RenderTracker`` takes the same options, and its cancel is the public way to cancel a
/// one-shot scope.
@Suite(.watched) struct RenderTrackerReleaseTests {
  @Test func releaseInvalidatesARenderThatAskedForIt() {
    var store: LibraryStore? = LibraryStore()
    let tracker = RenderTracker(options: .deinit)
    let log = CallLog()
    tracker.render {
      _ = store?.borrowedCount
    } onInvalidate: {
      log.record("invalidated")
    }
    store = nil
    #expect(log.values == ["invalidated"])
  }

  @Test func aCancelledRenderNeverReportsTheRelease() {
    var store: LibraryStore? = LibraryStore()
    let tracker = RenderTracker(options: .deinit)
    let log = CallLog()
    tracker.render {
      _ = store?.borrowedCount
    } onInvalidate: {
      log.record("invalidated")
    }
    tracker.cancel()
    store = nil
    #expect(log.values.isEmpty)
  }
}
