// Uses `armedScopeCount` and the scope's internals (`TrackingScope.State`, `PropertyReads`,
// `core`), which the public API does not show; the rest goes through `withTracking`.
import Dispatch
import Settle
import SettleTestSupport
import Testing

/// Points 2 and 3: when the callback runs, and that it runs exactly once.
@Suite(.watched) struct TrackingOneShotTests {
  @Test func onChangeRunsOnceBeforeTheStoreOnTheWritingThread() {
    let store = LibraryStore()
    let log = CallLog()
    let writer = DispatchQueue(label: "writer")
    withTracking {
      _ = store.borrowedCount
    } onChange: {
      dispatchPrecondition(condition: .onQueue(writer))
      log.record("saw \(store.borrowedCount)")
    }
    writer.sync {
      store.borrowedCount = 1
      log.record("stored")
      store.borrowedCount = 2
    }
    #expect(log.values == ["saw 0", "stored"])
  }

  @Test func didChangeRunsOnceAfterTheStore() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
    } didChange: {
      log.record("saw \(store.borrowedCount)")
    }
    store.borrowedCount = 1
    store.borrowedCount = 2
    #expect(log.values == ["saw 1"])
  }

  @Test func firingRemovesEveryRegistrationInEveryObject() {
    let store = LibraryStore()
    let other = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      _ = store.title
      _ = other.borrowedCount
    } onChange: {
      log.record("changed")
    }
    store.borrowedCount = 1
    #expect(store.observationRegistry.armedScopeCount == 0)
    #expect(other.observationRegistry.armedScopeCount == 0)
    store.title = "Annex"
    other.borrowedCount = 1
    #expect(log.count == 1)
  }

  @Test func registrationsAreGoneBeforeTheCallbackRuns() {
    let store = LibraryStore()
    let other = LibraryStore()
    let armedDuringCallback = LockedState<[Int]>([])
    withTracking {
      _ = store.borrowedCount
      _ = other.title
    } onChange: {
      armedDuringCallback.withLock {
        $0 = [store.observationRegistry.armedScopeCount, other.observationRegistry.armedScopeCount]
      }
    }
    store.borrowedCount = 1
    #expect(armedDuringCallback.withLock { $0 } == [0, 0])
  }

  @Test func reentrantWriteInsideOnChangeGivesOneCall() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      _ = store.title
    } onChange: {
      log.record("changed")
      store.title = "written by the callback"
      store.borrowedCount += 10
    }
    store.borrowedCount = 1
    #expect(log.count == 1)
    #expect(store.title == "written by the callback")
  }

  @Test func reentrantWriteInsideDidChangeGivesOneCall() {
    let store = LibraryStore()
    let log = CallLog()
    withTracking {
      _ = store.borrowedCount
      _ = store.title
    } didChange: {
      log.record("changed")
      store.title = "written by the callback"
    }
    store.borrowedCount = 1
    #expect(log.count == 1)
  }

  @Test func twoRacingWritersGiveOneCall() throws {
    // Each round arms one scope over two objects and lets two threads write one each at the
    // same moment; without the claim both writers would call back.
    let rounds = 2_000
    let calls = LockedState(0)
    let doubleCalls = LockedState(0)
    let threads = ThreadPair()
    defer { threads.stop() }
    for _ in 0..<rounds {
      let first = Counter()
      let second = Counter()
      let round = LockedState(0)
      withTracking {
        _ = first.value
        _ = second.value
      } onChange: {
        let count = round.withLock { count in
          count += 1
          return count
        }
        calls.withLock { $0 += 1 }
        if count > 1 { doubleCalls.withLock { $0 += 1 } }
      }
      try threads.race({ first.value = 1 }, { second.value = 1 })
    }
    #expect(doubleCalls.withLock { $0 } == 0)
    #expect(calls.withLock { $0 } == rounds)
  }

  @Test func finishingIsFirstComeOnly() {
    var state = TrackingScope.State()
    #expect(state.isArmed)
    let first = state.disarm()
    let second = state.disarm()
    #expect(first != nil)
    #expect(second == nil)
    #expect(!state.isArmed)
  }

  @Test func registrationAfterFinishingMustBeUndone() {
    let registry = ObservationRegistry()
    var state = TrackingScope.State()
    let registration = TrackingScope.State.Registration(
      core: registry.core, properties: PropertyReads(), objectLevel: true)
    let registeredWhileArmed = state.didRegister(registration)
    let finished = state.disarm()
    let registeredAfterFinishing = state.didRegister(registration)
    #expect(registeredWhileArmed)
    #expect(finished?.count == 1)
    #expect(!registeredAfterFinishing)
  }
}
