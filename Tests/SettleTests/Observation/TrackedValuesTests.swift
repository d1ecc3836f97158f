// Uses `armedScopeCount` and `TrackedValuesLink.State` (package): what the registry still holds,
// and the link's state machine on its own, are not public.
import Settle
import SettleTestSupport
import Testing

/// TrackedValues: current value first, later values after the store, coalescing, ending.
@Suite(.watched) struct TrackedValuesTests {
  @Test func firstElementIsTheCurrentValue() async throws {
    let store = LibraryStore()
    store.borrowedCount = 4
    var values = TrackedValues { store.borrowedCount }.makeAsyncIterator()
    #expect(try await values.nextBounded() == 4)
  }

  @Test func laterElementsAreReadAfterTheStore() async throws {
    let store = LibraryStore()
    var values = TrackedValues { store.borrowedCount }.makeAsyncIterator()
    #expect(try await values.nextBounded() == 0)
    store.borrowedCount = 1
    #expect(try await values.nextBounded() == 1)
    store.books.append("unrelated")
    store.borrowedCount = 2
    #expect(try await values.nextBounded() == 2)
  }

  @Test func synchronousWritesCoalesceIntoOneElement() async throws {
    let store = LibraryStore()
    let reads = LockedState(0)
    var values = TrackedValues {
      reads.withLock { $0 += 1 }
      return store.borrowedCount
    }.makeAsyncIterator()
    #expect(try await values.nextBounded() == 0)
    store.borrowedCount = 1
    store.borrowedCount = 2
    store.borrowedCount = 3
    #expect(try await values.nextBounded() == 3)
    #expect(reads.withLock { $0 } == 2)
    store.borrowedCount = 4
    #expect(try await values.nextBounded() == 4)
  }

  @Test func suspendedIteratorGetsOneElementPerBurstOnItsActor() async throws {
    let library = LibraryActor()
    let seen = try await bounded("the consumer to see 3") {
      await library.consumeUntil(3) { await library.burst() }
    }
    #expect(seen == [0, 3])
  }

  @Test func optionalVariantEndsWhenTheClosureReturnsNil() async throws {
    let store = LibraryStore()
    var values = TrackedValues.untilNil { store.isOpen ? store.borrowedCount : nil }
      .makeAsyncIterator()
    #expect(try await values.nextBounded() == 0)
    store.isOpen = false
    #expect(try await values.nextBounded() == nil)
    store.isOpen = true
    #expect(try await values.nextBounded() == nil)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func optionalVariantEndsWhenTheWeakModelIsReleased() async throws {
    var store: LibraryStore? = LibraryStore()
    weak let weakStore = store
    var values = TrackedValues.untilNil { weakStore?.borrowedCount }.makeAsyncIterator()
    #expect(try await values.nextBounded() == 0)
    store = nil
    #expect(try await values.nextBounded() == nil)
  }

  @Test func iteratorsAreIndependent() async throws {
    let store = LibraryStore()
    let sequence = TrackedValues { store.borrowedCount }
    var first = sequence.makeAsyncIterator()
    var second = sequence.makeAsyncIterator()
    #expect(try await first.nextBounded() == 0)
    #expect(try await second.nextBounded() == 0)
    store.borrowedCount = 1
    #expect(try await first.nextBounded() == 1)
    store.borrowedCount = 2
    #expect(try await first.nextBounded() == 2)
    #expect(try await second.nextBounded() == 2)
  }

  @Test func cancellationEndsIterationAndLeavesNothingArmed() async throws {
    let store = LibraryStore()
    let (started, startedContinuation) = AsyncStream<Void>.makeStream()
    let consumer = Task {
      var values = TrackedValues { store.borrowedCount }.makeAsyncIterator()
      _ = await values.next()
      startedContinuation.yield()
      return await values.next()
    }
    try await bounded("the consumer's first element") { for await _ in started { break } }
    consumer.cancel()
    #expect(try await consumer.valueBounded("the cancelled consumer to return") == nil)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  // A change is already waiting when the task is cancelled: next() takes it without
  // suspending, so only its own cancellation check keeps it from handing out an element.
  @Test func cancellationWinsOverAChangeAlreadyWaiting() async throws {
    let store = LibraryStore()
    let consumer = Task {
      var values = TrackedValues { store.borrowedCount }.makeAsyncIterator()
      _ = await values.next()
      store.borrowedCount = 1
      withUnsafeCurrentTask { $0?.cancel() }
      return await values.next()
    }
    #expect(try await consumer.valueBounded("the cancelled consumer to return") == nil)
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func droppingAnIteratorDisarmsItsScope() async throws {
    let store = LibraryStore()
    do {
      var values = TrackedValues { store.borrowedCount }.makeAsyncIterator()
      _ = try await values.nextBounded()
      #expect(store.observationRegistry.armedScopeCount == 1)
    }
    #expect(store.observationRegistry.armedScopeCount == 0)
  }

  @Test func takingAReadyChangeWithoutWaiting() {
    var state = TrackedValuesLink.State()
    // Nothing reported yet: next() must wait.
    #expect(state.takeReady() == nil)
    #expect(state.changed() == nil)
    // One change, taken once; later writes before the next read coalesce into it.
    #expect(state.changed() == nil)
    #expect(state.takeReady() == .changed)
    #expect(state.takeReady() == nil)
    _ = state.end()
    #expect(state.takeReady() == .ended)
    #expect(state.takeReady() == .ended)
  }

  @Test func waitingStateMachine() {
    var state = TrackedValuesLink.State()
    #expect(state.changed() == nil)
    let end = state.end()
    #expect(end == nil)
    #expect(state.changed() == nil)
  }
}

/// Confines a store to an actor, so writes and the iterator interleave only at suspensions.
actor LibraryActor {
  let store = LibraryStore()

  func burst() {
    store.borrowedCount = 1
    store.borrowedCount = 2
    store.borrowedCount = 3
  }

  /// Iterates on this actor; once the first element is in, runs `afterFirst` concurrently.
  func consumeUntil(_ last: Int, afterFirst: @escaping @Sendable () async -> Void) async -> [Int] {
    var seen: [Int] = []
    var writer: Task<Void, Never>?
    for await count in TrackedValues({ self.store.borrowedCount }) {
      seen.append(count)
      if writer == nil { writer = Task { await afterFirst() } }
      if count == last { break }
    }
    await writer?.value
    return seen
  }
}
