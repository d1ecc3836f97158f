import Settle
import SettleTesting
import Testing

/// Real concurrency against the guarantees: producers on several tasks send at once, then
/// the round ends with a cancel, a flush or the quiet period. Bounded: a few seconds.
///
/// The actions run on the main actor, where the test also cancels and raises its flag, so
/// "started after cancel() returned" is exact: claim-and-start and cancel-and-flag are each
/// one turn of the same actor. Across threads there is no such "after".
@Suite("Stress: Debouncer and Throttler", .timeLimit(.minutes(5)))
@MainActor
struct DebouncerStressTests {
  static let rounds = Int(Environment.value("SETTLE_STRESS_ROUNDS") ?? "") ?? 2_000

  struct Sent: Equatable, Sendable {
    var round: Int
    var value: Int
  }

  @Test func concurrentProducersWithCancelFlushAndQuiet() async {
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
    var expectedRuns = 0
    for round in 0..<Self.rounds {
      await withTaskGroup(of: Void.self) { group in
        for producer in 0..<3 {
          group.addTask {
            for index in 0..<5 { debouncer.send(Sent(round: round, value: producer * 10 + index)) }
          }
        }
      }
      switch round % 3 {
      case 0:
        debouncer.cancel()
        cancelledRound.withLock { $0 = round }
      case 1:
        await debouncer.flush()
        expectedRuns += 1
      default:
        await clock.advance(ms: 10)
        expectedRuns += 1
      }
      await debouncer.waitUntilIdle()
      #expect(ran.count == expectedRuns, "round \(round)")
    }
    let runs = ran.values
    #expect(overlaps.current == 0)
    #expect(lateStarts.current == 0)
    #expect(runs.allSatisfy { $0.round % 3 != 0 })
    // Exactly one run per burst that was not cancelled.
    #expect(Set(runs.map(\.round)).count == runs.count)
  }

  @Test func throttlerConcurrentProducersNeverOverlapAndCancelWins() async {
    let clock = ManualClock()
    let running = LockedCounter()
    let overlaps = LockedCounter()
    let cancelledRound = LockedState(-1)
    let lateStarts = LockedCounter()
    let throttler = Throttler(for: .milliseconds(10), clock: clock) { @MainActor (sent: Sent) in
      if cancelledRound.withLock({ $0 }) == sent.round { lateStarts.increment() }
      if running.increment() > 1 { overlaps.increment() }
      running.decrement()
    }
    for round in 0..<Self.rounds {
      await withTaskGroup(of: Void.self) { group in
        for producer in 0..<3 {
          group.addTask {
            for index in 0..<5 { throttler.send(Sent(round: round, value: producer * 10 + index)) }
          }
        }
      }
      // The first value of the round may already have started; after cancel, nothing may.
      throttler.cancel()
      cancelledRound.withLock { $0 = round }
      await clock.advance(ms: 10)
      await throttler.waitUntilIdle()
    }
    #expect(overlaps.current == 0)
    #expect(lateStarts.current == 0)
  }
}
