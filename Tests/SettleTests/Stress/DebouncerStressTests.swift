// Uses `LockedState` (package) only as a plain lock around test state; any lock would do.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Real concurrency against the guarantees: producers on several tasks send at once, then
/// the round ends with a cancel, a flush or the quiet period. Bounded: a few seconds.
///
/// The actions run on the main actor, where the test also cancels and raises its flag, so
/// "started after cancel() returned" is exact: claim-and-start and cancel-and-flag are each
/// one turn of the same actor. Across threads there is no such "after".
@Suite("Stress: Debouncer and Throttler", .backstop(minutes: 5), .watched)
@MainActor
struct DebouncerStressTests {
  static let rounds = Int(Environment.value("SETTLE_STRESS_ROUNDS") ?? "") ?? 300

  struct Sent: Equatable, Sendable {
    var round: Int
    var value: Int
  }

  /// How a round ends; the racing ones call `cancel()` or `flush()` from another task while
  /// the producers still send, then let the quiet period pass.
  enum RoundEnd: CaseIterable {
    case cancel, flush, quiet, cancelRacing, flushRacing
  }

  /// Each producer sends `producer * 10 + 0…4`, so a value whose last digit is 4 is some
  /// producer's last value: whatever is still pending once all of them have finished.
  @Test func concurrentProducersWithCancelFlushAndQuiet() async throws {
    let clock = ManualClock()
    let running = LockedCounter()
    let overlaps = LockedCounter()
    let ran = ValueRecorder<Sent>()
    /// The round whose cancel() has returned; nothing of it may start afterwards.
    let cancelledRound = LockedState(-1)
    let lateStarts = LockedCounter()
    let debouncer = Debouncer(for: .milliseconds(10), clock: clock) { @MainActor (sent: Sent) in
      if cancelledRound.withLock({ $0 }) == sent.round { lateStarts.increment() }
      if running.increment() > 1 { overlaps.increment() }
      ran.record(sent)
      running.decrement()
    }
    for round in 0..<Self.rounds {
      let end = RoundEnd.allCases[round % RoundEnd.allCases.count]
      let ranBefore = ran.count
      try await bounded("round \(round): the producers and the racing \(end)") {
        await withTaskGroup(of: Void.self) { group in
          for producer in 0..<3 {
            group.addTask {
              for index in 0..<5 {
                debouncer.send(Sent(round: round, value: producer * 10 + index))
              }
            }
          }
          switch end {
          case .cancelRacing: group.addTask { debouncer.cancel() }
          case .flushRacing: group.addTask { await debouncer.flush() }
          case .cancel, .flush, .quiet: break
          }
        }
      }
      switch end {
      case .cancel:
        debouncer.cancel()
        cancelledRound.withLock { $0 = round }
      case .flush:
        try await debouncer.flushBounded()
      case .quiet, .cancelRacing, .flushRacing:
        await clock.advance(ms: 10)
      }
      try await debouncer.waitUntilIdleBounded()
      let runs = ran.values[ranBefore...]
      #expect(runs.allSatisfy { $0.round == round }, "round \(round)")
      switch end {
      case .cancel:
        #expect(runs.isEmpty, "round \(round)")
      case .flush, .quiet:
        // Exactly one run, with the value pending once every producer had finished.
        #expect(runs.count == 1, "round \(round)")
        #expect(runs.allSatisfy { $0.value % 10 == 4 }, "round \(round): \(Array(runs))")
      case .cancelRacing:
        // Values sent before the cancel never run; a value sent after it runs on the quiet
        // period, and then it is the last one sent.
        #expect(runs.count <= 1, "round \(round)")
        #expect(runs.allSatisfy { $0.value % 10 == 4 }, "round \(round): \(Array(runs))")
      case .flushRacing:
        // The flush runs whatever was pending when it came; the last value always runs, by
        // that flush or on the quiet period after it.
        #expect((1...2).contains(runs.count), "round \(round)")
        #expect(runs.last.map { $0.value % 10 == 4 } == true, "round \(round): \(Array(runs))")
      }
    }
    #expect(overlaps.current == 0)
    #expect(lateStarts.current == 0)
  }

  /// Rounds alternate between ending with a cancel and ending with the quiet period. A quiet
  /// round runs the round's first value at once and, at the window's end, the newest one
  /// (`latest: true`): some producer's last value.
  @Test func throttlerConcurrentProducersNeverOverlapAndCancelWins() async throws {
    let clock = ManualClock()
    let running = LockedCounter()
    let overlaps = LockedCounter()
    let ran = ValueRecorder<Sent>()
    let cancelledRound = LockedState(-1)
    let lateStarts = LockedCounter()
    let throttler = Throttler(for: .milliseconds(10), clock: clock) { @MainActor (sent: Sent) in
      if cancelledRound.withLock({ $0 }) == sent.round { lateStarts.increment() }
      if running.increment() > 1 { overlaps.increment() }
      ran.record(sent)
      running.decrement()
    }
    for round in 0..<Self.rounds {
      let ranBefore = ran.count
      try await bounded("round \(round): the producers") {
        await withTaskGroup(of: Void.self) { group in
          for producer in 0..<3 {
            group.addTask {
              for index in 0..<5 {
                throttler.send(Sent(round: round, value: producer * 10 + index))
              }
            }
          }
        }
      }
      if round.isMultiple(of: 2) {
        // The first value of the round may already have started; after cancel, nothing may.
        throttler.cancel()
        cancelledRound.withLock { $0 = round }
        await clock.advance(ms: 10)
        try await throttler.waitUntilIdleBounded()
        #expect(ran.count - ranBefore <= 1, "round \(round)")
      } else {
        await clock.advance(ms: 10)  // the window's end: the newest waiting value runs
        try await throttler.waitUntilIdleBounded()
        let runs = Array(ran.values[ranBefore...])
        #expect(runs.map { $0.value % 10 } == [0, 4], "round \(round): \(runs)")
        #expect(runs.allSatisfy { $0.round == round }, "round \(round)")
        // That run opened a window; let it close so the next round's first value runs at once.
        await clock.advance(ms: 10)
        try await throttler.waitUntilIdleBounded()
      }
    }
    #expect(overlaps.current == 0)
    #expect(lateStarts.current == 0)
  }
}
