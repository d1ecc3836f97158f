import Settle
import Testing

/// The property wrapper: equal-value writes, in-place mutation, and no copies.
@Suite struct TrackedTests {
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
}
