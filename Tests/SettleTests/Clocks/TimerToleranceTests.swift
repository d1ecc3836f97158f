import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Every operator passes its `tolerance` to each sleep of its timer, unchanged, and `nil`
/// when none is given, so that the system may coalesce wake-ups.
@Suite("Timer tolerance", .watched)
struct TimerToleranceTests {
  static let tolerances: [Duration?] = [nil, .zero, .milliseconds(25)]

  @Test(arguments: tolerances)
  func aDebouncerPassesItsToleranceToEverySleep(tolerance: Duration?) async throws {
    let clock = ToleranceRecordingClock()
    let runs = ValueRecorder<Int>()
    let debouncer = Debouncer(for: .seconds(1), tolerance: tolerance, clock: clock) {
      (value: Int) in runs.record(value)
    }
    debouncer.send(1)
    try await bounded("the first sleep") { await clock.manual.waitForSleepers(count: 1) }
    await clock.manual.advance(by: .milliseconds(500))
    debouncer.send(2)  // the timer wakes at 1 s and sleeps again toward 1.5 s
    await clock.manual.advance(by: .milliseconds(500))
    try await bounded("the second sleep") { await clock.tolerances.waitForCount(2) }
    await clock.manual.advance(by: .milliseconds(500))
    try await bounded("the run") { await runs.waitForCount(1) }
    #expect(runs.values == [2])
    #expect(clock.tolerances.values == [tolerance, tolerance])
  }

  @Test(arguments: tolerances)
  func aThrottlerPassesItsToleranceToItsSleep(tolerance: Duration?) async throws {
    let clock = ToleranceRecordingClock()
    let runs = ValueRecorder<Int>()
    let throttler = Throttler(for: .seconds(1), tolerance: tolerance, clock: clock) {
      (value: Int) in runs.record(value)
    }
    throttler.send(1)
    throttler.send(2)
    try await bounded("the window's sleep") { await clock.manual.waitForSleepers(count: 1) }
    await clock.manual.advance(by: .seconds(1))
    try await bounded("both runs") { await runs.waitForCount(2) }
    #expect(clock.tolerances.values == [tolerance])
  }

  @Test func theSequenceOperatorsPassTheirTolerance() async throws {
    let tolerance = Duration.milliseconds(40)
    for throttle in [false, true] {
      let clock = ToleranceRecordingClock()
      let (base, input) = AsyncStream.makeStream(of: Int.self)
      input.yield(1)
      input.yield(2)
      let consumer =
        throttle
        ? collect(base.throttled(for: .seconds(1), tolerance: tolerance, clock: clock))
        : collect(base.debounced(for: .seconds(1), tolerance: tolerance, clock: clock))
      try await bounded("the timer's sleep") { await clock.manual.waitForSleepers(count: 1) }
      await clock.manual.advance(by: .seconds(1))
      input.finish()
      let received = try await bounded("the sequence to end") { try await consumer.value }
      #expect(received == (throttle ? [1, 2] : [2]), "throttled: \(throttle)")
      #expect(clock.tolerances.values == [tolerance], "throttled: \(throttle)")
    }
  }

  /// Both engines check the tolerance, with one message.
  @Test(arguments: [false, true])
  func aNegativeToleranceStopsWithAMessage(keyed: Bool) async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) { [keyed] in
      if keyed {
        _ = KeyedDebouncer(for: .seconds(1), tolerance: .milliseconds(-1), clock: ManualClock()) {
          (_: Int, _: Int) in
        }
      } else {
        _ = Debouncer(for: .seconds(1), tolerance: .milliseconds(-1), clock: ManualClock()) {
          (_: Int) in
        }
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("tolerance was -0.001 seconds; pass nil"), "\(stderr.suffix(300))")
  }

  /// A timer whose clock fails its sleep for another reason than cancellation would ask the
  /// same clock again at once, for ever: both engines stop with a message naming the clock.
  /// (Were the failure swallowed, the process would spin and this test would reach its time
  /// limit instead of passing.)
  @Test(arguments: [false, true])
  func aClockWhoseSleepFailsStopsWithAMessage(keyed: Bool) async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) { [keyed] in
      if keyed {
        let debouncer = KeyedDebouncer(for: .seconds(1), clock: FailingSleepClock()) {
          (_: Int, _: Int) in
        }
        debouncer.send(1, forKey: 1)
        await debouncer.waitUntilIdle()
      } else {
        let debouncer = Debouncer(for: .seconds(1), clock: FailingSleepClock()) { (_: Int) in }
        debouncer.send(1)
        await debouncer.waitUntilIdle()
      }
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      stderr.contains(
        "FailingSleepClock.sleep(until:) threw SleepFailure() without being cancelled"),
      "\(stderr.suffix(300))")
  }
}

/// A clock whose every sleep fails at once, without being cancelled.
private struct FailingSleepClock: Clock {
  struct SleepFailure: Error {}

  var now: ContinuousClock.Instant { ContinuousClock.now }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: ContinuousClock.Instant, tolerance: Duration?) async throws {
    throw SleepFailure()
  }
}

/// Collects every element of `sequence` in a task of its own. Generic rather than over an
/// `any AsyncSequence<Int, Never>`: that existential needs macOS 15 / iOS 18, above the
/// package's floor.
private func collect<S: AsyncSequence & Sendable>(_ sequence: S) -> Task<[Int], any Error>
where S.Element == Int {
  Task {
    var received: [Int] = []
    for try await element in sequence { received.append(element) }
    return received
  }
}
