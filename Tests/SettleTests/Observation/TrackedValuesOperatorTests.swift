// Uses `armedScopeCount` (package): that scopes which fired or went leave nothing armed in the
// registry is not visible through the public API, which can only show that nothing calls back.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// TrackedValues as the base of Settle's operators: the operator iterates from a task of its
/// own, and the closure still runs on the actor it was written on.
///
/// `PullCounted` is the handshake: an operator asks its base for the next element only once it
/// has taken in the one before, so after n + 1 pulls the first n elements have reached the
/// operator's clock.
@Suite("TrackedValues through debounced and throttled", .backstop(minutes: 1), .watched)
@MainActor
struct TrackedValuesOperatorTests {
  /// The line a new user writes first, as it stands in the docs. It runs on real time, but
  /// time decides nothing: the burst is written before the loop starts, so the settled value
  /// is the only one the loop can see, whenever it comes.
  @Test func theFirstLineAUserWritesCompilesAndRuns() async throws {
    let field = SearchField()
    field.text = "d"
    field.text = "du"
    field.text = "dune"
    let seen = try await bounded("the first debounced query") { @MainActor in
      var seen: [String] = []
      for await query in TrackedValues({ field.text }).debounced(for: .milliseconds(300)) {
        seen.append(query)
        break
      }
      return seen
    }
    #expect(seen == ["dune"])
  }

  @Test func debouncedEmitsTheSettledValueOfABurstOnce() async throws {
    let field = SearchField()
    let values = TrackedValues { () -> String in
      MainActor.preconditionIsolated("the closure over a main-actor model ran elsewhere")
      return field.text
    }
    let received = try await debouncedBurst(of: values) { field.text = $0 }
    #expect(received == ["dune"])
  }

  @Test func throttledEndsOnTheNewestValue() async throws {
    let field = SearchField()
    let received = try await throttledBurst(of: TrackedValues { field.text }) { field.text = $0 }
    #expect(received == ["", "dune"])
  }

  @Test func aWriteToAPropertyTheClosureDidNotReadEmitsNothing() async throws {
    let field = SearchField()
    let clock = ManualClock()
    let pulls = ValueRecorder<Void>()
    let reads = ValueRecorder<String>()
    let queries = PullCounted(
      base: TrackedValues { () -> String in
        reads.record(field.text)
        return field.text
      },
      pulls: pulls
    ).debounced(for: .milliseconds(300), clock: clock)
    let consumer = RecordingConsumer(queries)
    try await pulls.waitForCountBounded(2)
    field.placeholder = "Title"
    // A write that reached the closure's scope would have fired it, synchronously, and a
    // fired scope is disarmed until the next read.
    #expect(field.observationRegistry.armedScopeCount == 1)
    await clock.advance(by: .milliseconds(300))
    try await consumer.received.waitForCountBounded(1)
    try await consumer.stop()
    #expect(consumer.received.values == [""])
    #expect(reads.values == [""])
  }

  /// A nonisolated closure over a `Sendable` model runs in the iterating task itself.
  @Test nonisolated func aSendableModelIteratesFromADetachedTask() async throws {
    let counter = Counter()
    let (seen, runs, iteratingTask) = try await Task.detached {
      let iteratingTask = withUnsafeCurrentTask { $0?.hashValue }
      let runs = ValueRecorder<Int?>()
      var iterator = TrackedValues { () -> Int in
        runs.record(withUnsafeCurrentTask { $0?.hashValue })
        return counter.value
      }.makeAsyncIterator()
      var seen = [await iterator.next()]
      counter.value = 1
      seen.append(await iterator.next())
      return (seen, runs.values, iteratingTask)
    }.valueBounded("the detached iteration")
    #expect(seen == [0, 1])
    #expect(runs == [iteratingTask, iteratingTask])
  }

  @Test func theClosureOverAMainActorModelRunsOnTheMainActorWhoeverIterates() async throws {
    let field = SearchField()
    let texts = TrackedValues { () -> String in
      MainActor.preconditionIsolated("the closure over a main-actor model ran elsewhere")
      return field.text
    }
    let seen = try await Task.detached {
      var iterator = texts.makeAsyncIterator()
      let first = await iterator.next()
      await MainActor.run { field.text = "dune" }
      return [first, await iterator.next()]
    }.valueBounded("the detached iteration")
    #expect(seen == ["", "dune"])
  }

  /// The iterator waits on another task, and a burst lands in one turn of the main actor: the
  /// closure runs on the main actor, so only after the burst, and once.
  @Test func aBurstOnTheClosuresActorIsOneElementWhoeverIterates() async throws {
    let field = SearchField()
    let reads = ValueRecorder<String>()
    let texts = TrackedValues { () -> String in
      reads.record(field.text)
      return field.text
    }
    let seen = try await Task.detached {
      var iterator = texts.makeAsyncIterator()
      let first = await iterator.next()
      await MainActor.run {
        field.text = "d"
        field.text = "du"
        field.text = "dune"
      }
      return [first, await iterator.next()]
    }.valueBounded("the detached iteration")
    #expect(seen == ["", "dune"])
    #expect(reads.values == ["", "dune"])
  }

  /// `next()` without arguments waits on the caller's actor, as Apple's `Observations` does:
  /// in main-actor code the plain call compiles and iterates on the main actor, so a
  /// nonisolated closure runs there too, with no hop.
  @Test func plainNextKeepsTheCallersIsolation() async throws {
    let counter = Counter()
    // Boxed on the main actor, so that each bounded wait calls plain `next()` from there.
    let iterator = MainBox(Self.valuesOffAnyActor(of: counter).makeAsyncIterator())
    func plainNext() async throws -> Int? {
      try await bounded("the next value") { @MainActor in
        var values = iterator.value
        defer { iterator.value = values }
        return await values.next()
      }
    }
    #expect(try await plainNext() == 0)
    counter.value = 1
    #expect(try await plainNext() == 1)
  }

  /// A sequence whose closure is nonisolated: it checks that it runs where the iterator does.
  private nonisolated static func valuesOffAnyActor(of counter: Counter) -> TrackedValues<Int> {
    TrackedValues {
      MainActor.preconditionIsolated("plain next() did not iterate on the caller's actor")
      return counter.value
    }
  }

  @Test func cancellingTheConsumerEndsBothIteratorsAndLeaksNothing() async throws {
    let field = SearchField()
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    let pulls = ValueRecorder<Void>()
    let consumer = Task {
      // Built inside the task, so only the iteration holds the closure and its token.
      let queries = PullCounted(
        base: TrackedValues { [token = lifetime.makeToken()] in
          _ = token
          return field.text
        },
        pulls: pulls
      ).debounced(for: .milliseconds(300), clock: clock)
      for try await _ in queries {}
    }
    // "" is in, its timer asleep; the base waits for a change.
    try await pulls.waitForCountBounded(2)
    #expect(lifetime.liveCount == 1)
    #expect(field.observationRegistry.armedScopeCount == 1)
    consumer.cancel()
    _ = try await consumer.resultBounded("the operator's iterator to return nil")
    try await lifetime.waitUntilReleasedBounded()  // and the base's iterator, in the pump, let go
    #expect(field.observationRegistry.armedScopeCount == 0)
    #expect(clock.sleeperCount == 0)
  }
}
