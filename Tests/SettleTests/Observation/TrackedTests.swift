// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import Testing

/// The property wrapper: equal-value writes, in-place mutation, and no copies.
@Suite(.watched) struct TrackedTests {
  @Test func assigningAnEqualValueNotifiesNobody() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      _ = store.owner
    } onChange: {
      log.record("changed")
    }
    store.borrowedCount = 0
    store.owner = nil
    #expect(log.count == 0)
    store.owner = Owner(name: "Ada")
    #expect(log.count == 1)
  }

  @Test func assigningTheSameClassReferenceNotifiesNobody() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.keeper
    } onChange: {
      log.record("changed")
    }
    store.keeper = store.keeper
    #expect(log.count == 0)
    store.keeper = Keeper()
    #expect(log.count == 1)
  }

  @Test func inPlaceMutationAlwaysNotifies() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      log.record("changed")
    }
    store.borrowedCount += 0
    #expect(log.count == 1)
  }

  @Test func appendingToATrackedArrayDoesNotCopyIt() {
    let store = LibraryStore()
    store.books.reserveCapacity(1_000)
    let base = store.books.withUnsafeBufferPointer { $0.baseAddress }
    for index in 0..<500 { store.books.append("book \(index)") }
    // A copy per append would move the elements to a new buffer every time.
    #expect(store.books.withUnsafeBufferPointer { $0.baseAddress } == base)
    #expect(store.books.count == 500)
  }

  @Test func appendNotifiesBeforeAndAfterTheStore() {
    let store = LibraryStore()
    let seen = LockedState<[Int]>([])
    withTracking {
      _ = store.books
    } onChange: {
      seen.withLock { $0.append(store.books.count) }
    }
    withTracking {
      _ = store.books
    } didChange: {
      seen.withLock { $0.append(store.books.count) }
    }
    store.books.append("Emma")
    #expect(seen.withLock { $0 } == [0, 1])
  }

  /// The two kinds of in-place mutation that go through the wrapper's `_modify`.
  enum Mutation: String, CaseIterable, Sendable {
    case increment, append

    func apply(to store: LibraryStore) {
      switch self {
      case .increment: store.borrowedCount += 1
      case .append: store.books.append("Emma")
      }
    }
  }

  // Aligned with Apple's `_modify`, which records a read.
  @Test(arguments: [TrackingOptions(), .afterStore, .objectLevel], Mutation.allCases)
  func mutatingInPlaceInsideAScopeIsARead(options: TrackingOptions, mutation: Mutation) {
    let store = LibraryStore()
    let log = CallLog()
    withTracking(options: options) {
      mutation.apply(to: store)
    } onChange: {
      log.record("changed")
    }
    // Armed, and not called by its own mutation: the read is of the value the mutation left.
    #expect(log.values.isEmpty)
    #expect(store.observationRegistry.armedScopeCount == 1)
    mutation.apply(to: store)
    #expect(log.values == ["changed"])
  }

  @Test func aRenderThatMutatesInPlaceIsInvalidatedByTheNextChangeOnly() {
    let store = LibraryStore()
    let tracker = RenderTracker()
    let log = CallLog()
    tracker.render {
      store.borrowedCount += 1
    } onInvalidate: {
      log.record("invalidate")
    }
    #expect(store.observationRegistry.armedScopeCount == 1)
    #expect(log.values.isEmpty)
    store.borrowedCount = 10
    #expect(log.values == ["invalidate"])
  }

  @Test func aTrackedValuesClosureThatMutatesInPlaceWaitsForTheNextChange() async throws {
    let store = LibraryStore()
    var values = TrackedValues { () -> Int in
      store.books.append("visit")  // the closure's only use of books
      return store.borrowedCount
    }.makeAsyncIterator()
    #expect(try await values.nextBounded() == 0)
    // Its own append did not make another element due.
    try #require(store.observationRegistry.armedScopeCount == 1)
    store.books = []
    // Checked before awaiting: unless books was recorded, nothing would end the next `next()`.
    try #require(store.observationRegistry.armedScopeCount == 0)
    #expect(try await values.nextBounded() == 0)
    #expect(store.books == ["visit"])
  }

  // Kept, because no property wrapper can tell Swift's read of `oldValue`
  // from a read in `apply`, and dropping reads would lose changes.
  @Test func aDidSetThatUsesOldValueMakesAnAssignmentInAScopeARead() {
    let book = RatedBook()
    let log = CallLog()
    withTracking {
      book.rating = 1
    } onChange: {
      log.record("changed")
    }
    // Read before the write, so called as soon as it is armed, like any read-then-write.
    #expect(log.values == ["changed"])
    #expect(book.observationRegistry.armedScopeCount == 0)
  }

  @Test func aDidSetThatDoesNotUseOldValueAddsNoRead() {
    let book = RatedBook()
    let log = CallLog()
    withTracking {
      book.visits = 1
    } onChange: {
      log.record("changed")
    }
    book.visits = 2
    #expect(log.values.isEmpty)
    #expect(book.observationRegistry.armedScopeCount == 0)
  }

  @Test func mutatingAPropertyWithAnObserverReadsItBeforeTheWrite() {
    // With an observer Swift gets, changes and sets the value instead of calling `_modify`.
    let book = RatedBook()
    let log = CallLog()
    withTracking {
      book.visits += 1
    } onChange: {
      log.record("changed")
    }
    #expect(log.values == ["changed"])
  }

  // Kept, because Swift runs a wrapped property's observers outside the
  // wrapper's setter, and only a macro could put them inside.
  @Test func theObserversRunOutsideTheScopes() {
    let book = RatedBook()
    let log = CallLog()
    book.observerLog = log
    withTracking {
      _ = book.rating
    } onChange: {
      log.record("onChange")
    }
    withTracking {
      _ = book.rating
    } didChange: {
      log.record("didChange")
    }
    book.rating = 1
    #expect(log.values == ["willSet observer", "onChange", "didChange", "didSet observer, was 0"])
  }
}
