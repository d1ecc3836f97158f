import Observation
import Settle
import SettleObservation
import SettleTestSupport
import SettleTesting
import Testing

/// withContinuousObservationTracking over Apple's `@Observable` models.
@Suite("withContinuousObservationTracking", .backstop(minutes: 1), .watched)
@MainActor
struct ContinuousObservationTrackingTests {
  @Test func theFirstCallRunsBeforeReturningThenOneCallPerChange() async throws {
    let player = Player()
    let seen = ValueRecorder<Int>()
    let token = withContinuousObservationTracking { seen.record(player.elapsed) }
    #expect(seen.values == [0])
    player.elapsed = 1
    try await seen.waitForCountBounded(2)
    player.elapsed = 2
    try await seen.waitForCountBounded(3)
    token.cancel()
    #expect(seen.values == [0, 1, 2])
  }

  @Test func changesInOneStretchOfTheActorBringOneCallReadingTheLast() async throws {
    let player = Player()
    let seen = ValueRecorder<String>()
    let token = withContinuousObservationTracking {
      seen.record("\(player.title) \(player.elapsed)")
    }
    player.title = "Intro"
    player.elapsed = 4
    try await seen.waitForCountBounded(2)
    // A third call would have come for a change this stretch left unreported; the sentinel
    // change below is reported by the very next call, so that call shows whether one came
    // between.
    player.elapsed = 5
    try await seen.waitForCountBounded(3)
    token.cancel()
    #expect(seen.values == [" 0", "Intro 4", "Intro 5"])
  }

  @Test func eachCallsReadsReplaceThePreviousCalls() async throws {
    let player = Player()
    let seen = ValueRecorder<String>()
    let token = withContinuousObservationTracking {
      seen.record(player.showsElapsed ? "\(player.elapsed)" : player.title)
    }
    player.showsElapsed = false
    try await seen.waitForCountBounded(2)
    player.elapsed = 7  // no longer read: calls nothing
    player.title = "Outro"
    try await seen.waitForCountBounded(3)
    token.cancel()
    #expect(seen.values == ["0", "", "Outro"])
  }

  /// `cancel()` on `apply`'s actor, right after a change whose call is already queued
  /// there: the call does not come. Whichever way the loop task and the main actor
  /// interleave, the release of `apply` shows that the observation ended, and by then the
  /// call either came or never will.
  @Test func nothingIsCalledAfterCancelEvenForAChangeAlreadyReported() async throws {
    let player = Player()
    let seen = ValueRecorder<Int>()
    let lifetime = LifetimeTracker()
    let token: TrackingToken = {
      let probe = lifetime.makeToken()
      return withContinuousObservationTracking { [probe] in
        _ = probe
        seen.record(player.elapsed)
      }
    }()
    player.elapsed = 1  // reported: the loop task wakes, and its call heads for this actor
    token.cancel()
    try await lifetime.waitUntilReleasedBounded()
    #expect(seen.values == [0])
  }

  /// From a caller off `apply`'s actor the first call cannot run in place: it is the
  /// observation's first job on that actor.
  @Test nonisolated func aCallerOffTheActorGetsTheFirstCallOnTheActor() async throws {
    let player = await Player()
    let seen = ValueRecorder<Int>()
    let token = withContinuousObservationTracking { @MainActor in
      MainActor.preconditionIsolated("apply ran off its actor")
      seen.record(player.elapsed)
    }
    try await seen.waitForCountBounded(1)
    await MainActor.run { player.elapsed = 9 }
    try await seen.waitForCountBounded(2)
    token.cancel()
    #expect(seen.values == [0, 9])
  }

  /// Once `apply` is released nothing can call it again: cancelling the token ends the task
  /// that held it, and so does releasing the token.
  @Test(arguments: [true, false])
  func endingTheTokenReleasesApply(byCancelling: Bool) async throws {
    let player = Player()
    let lifetime = LifetimeTracker()
    var token: TrackingToken? = {
      let probe = lifetime.makeToken()
      return withContinuousObservationTracking { [probe] in
        _ = probe
        _ = player.elapsed
      }
    }()
    #expect(lifetime.liveCount == 1)
    if byCancelling { token?.cancel() } else { token = nil }
    try await lifetime.waitUntilReleasedBounded()
    withExtendedLifetime(token) {}
    player.elapsed = 1  // reaches only the registrar's spent closure
  }
}
