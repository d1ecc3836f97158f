// Uses `ObservationReading`, `ValuesIteration` and `TrackedValuesLink` (package) in two tests:
// whether a write armed the wake, and whether a cancelled read runs the closure, are visible
// there synchronously, where through the public API each would be a non-event to wait for.
import Observation
import Settle
import SettleObservation
import SettleTestSupport
import SettleTesting
import Testing

/// ObservedValues over Apple's `@Observable` models, as an app's main-actor code iterates them.
@Suite("ObservedValues", .backstop(minutes: 1), .watched)
@MainActor
struct ObservedValuesTests {
  @Test func theFirstElementIsTheCurrentValueThenEachChange() async throws {
    let player = Player()
    var elapsed = ObservedValues { player.elapsed }.makeAsyncIterator()
    #expect(try await elapsed.nextBounded() == 0)
    player.elapsed = 1
    #expect(try await elapsed.nextBounded() == 1)
    player.elapsed = 2
    #expect(try await elapsed.nextBounded() == 2)
  }

  @Test func changesInOneStretchOfTheActorComeAsOneElementReadAfterTheLast() async throws {
    let player = Player()
    let reads = ValueRecorder<Int>()
    var elapsed = ObservedValues { () -> Int in
      reads.record(player.elapsed)
      return player.elapsed
    }.makeAsyncIterator()
    _ = try await elapsed.nextBounded()
    player.elapsed = 1
    player.title = "Intro"
    player.elapsed = 2
    #expect(try await elapsed.nextBounded() == 2)
    #expect(reads.values == [0, 2])
  }

  /// The consumer is suspended, or about to be, when the change comes: either way it is
  /// woken, and reads the change complete.
  @Test func aChangeAfterTheFirstElementWakesTheConsumerAndIsReadComplete() async throws {
    let player = Player()
    let pulls = ValueRecorder<Void>()
    let consumer = RecordingConsumer(
      PullCounted(base: ObservedValues { player.elapsed }, pulls: pulls))
    try await pulls.waitForCountBounded(2)  // took 0, waits for a change
    player.elapsed = 5
    try await consumer.received.waitForCountBounded(2)
    try await consumer.stop()
    #expect(consumer.received.values == [0, 5])
  }

  /// The closure's reads decide the wake, and each read replaces the last: this reading of
  /// the title and not the elapsed time wakes on the title alone, and after the switch the
  /// other way round.
  @Test func onlyWhatTheLastReadReadWakesTheIterator() {
    let player = Player()
    let emit = TrackedValuesEmit<String> { @MainActor in
      player.showsElapsed ? "\(player.elapsed)" : player.title
    }
    let link = TrackedValuesLink()
    #expect(ObservationReading.read(emit, into: link, on: MainActor.shared) == "0")
    player.title = "Intro"
    #expect(link.takeReadyWake() == nil)
    player.showsElapsed = false
    #expect(link.takeReadyWake() == .changed)

    #expect(ObservationReading.read(emit, into: link, on: MainActor.shared) == "Intro")
    player.elapsed = 3
    #expect(link.takeReadyWake() == nil)
    player.title = "Outro"
    #expect(link.takeReadyWake() == .changed)
  }

  /// A read on its way to the closure's actor when the task is cancelled does not run the
  /// closure: the check is made there, right before it.
  @Test func aCancelledTasksReadDoesNotRunTheClosure() async throws {
    let player = Player()
    let reads = ValueRecorder<Int>()
    let emit = TrackedValuesEmit<Int> { @MainActor in
      reads.record(player.elapsed)
      return player.elapsed
    }
    let link = TrackedValuesLink()
    let read = Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return ValuesIteration<Int, ObservationReading>.readUnlessCancelled(
        emit, link, on: MainActor.shared)
    }
    #expect(try await read.valueBounded("the cancelled read") == nil)
    #expect(reads.values.isEmpty)
  }

  @Test func untilNilEndsOnTheFirstNil() async throws {
    let player = Player()
    var titles = ObservedValues.untilNil { player.isOpen ? player.title : nil }
      .makeAsyncIterator()
    #expect(try await titles.nextBounded() == "")
    player.title = "Intro"
    #expect(try await titles.nextBounded() == "Intro")
    player.isOpen = false
    #expect(try await titles.nextBounded() == nil)
    player.isOpen = true
    #expect(try await titles.nextBounded() == nil)  // ended for good
  }

  @Test func cancellingTheIteratingTaskEndsTheSequence() async throws {
    let player = Player()
    let pulls = ValueRecorder<Void>()
    let consumer = Task { () -> [Int] in
      var seen: [Int] = []
      for try await elapsed in PullCounted(base: ObservedValues { player.elapsed }, pulls: pulls) {
        seen.append(elapsed)
      }
      return seen
    }
    try await pulls.waitForCountBounded(2)
    consumer.cancel()
    #expect(try await consumer.valueBounded("the cancelled consumer to return") == [0])
  }

  /// Settle's operators iterate their base from a task of their own: the closure over a
  /// main-actor model must still run on the main actor.
  @Test func theClosureRunsOnItsActorWhoeverIterates() async throws {
    let player = Player()
    let values = ObservedValues { () -> Int in
      MainActor.preconditionIsolated("the closure over a main-actor model ran elsewhere")
      return player.elapsed
    }
    let seen = try await Task.detached {
      var iterator = values.makeAsyncIterator()
      return await iterator.next()
    }.valueBounded("the detached iteration")
    #expect(seen == 0)
  }

  @Test func debouncedEmitsTheSettledValueOfABurstOnce() async throws {
    let player = Player()
    let values = ObservedValues { () -> String in
      MainActor.preconditionIsolated("the closure over a main-actor model ran elsewhere")
      return player.title
    }
    let received = try await debouncedBurst(of: values) { player.title = $0 }
    #expect(received == ["dune"])
  }

  @Test func throttledRunsTheFirstValueAndEndsOnTheNewest() async throws {
    let player = Player()
    let received = try await throttledBurst(of: ObservedValues { player.title }) {
      player.title = $0
    }
    #expect(received == ["", "dune"])
  }
}
