// Hooks: `waitUntilQuiescent()` (the queue's timer asleep with no run in flight) and
// `inputsSent` (a caller's value is in): nothing public says either.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A rate limiter on a fresh ManualClock whose action records what ran and when.
struct RateLimitFixture {
  let clock = ManualClock()
  let ran = ValueRecorder<Ran<String>>()
  let limiter: RateLimiter<String, ManualClock>

  init(limit: Int, intervalMs: Int, gate: AsyncGate? = nil) {
    let clock = clock
    let ran = ran
    limiter = RateLimiter(limit: limit, per: .milliseconds(intervalMs), clock: clock) { value in
      ran.record(Ran(value: value, at: clock.millis))
      if value.hasPrefix("slow") { await gate?.wait() }
    }
  }

  /// Lets what is due now run first, so that it records the time it was due at, then moves
  /// the clock to `ms` and lets everything due there run.
  func advance(toMs ms: Int) async throws {
    try await limiter.waitUntilQuiescentBounded()
    await clock.advance(toMs: ms)
    try await limiter.waitUntilQuiescentBounded()
  }
}

@Suite("RateLimiter", .watched)
struct RateLimiterTests {
  @Test func aBurstRunsInOrderAtMostLimitPerWindow() async throws {
    let fixture = RateLimitFixture(limit: 2, intervalMs: 300)
    for value in ["a", "b", "c", "d", "e"] { fixture.limiter.send(value) }
    try await fixture.advance(toMs: 0)
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 0)])
    #expect(fixture.limiter.isPending)
    try await fixture.advance(toMs: 299)
    #expect(fixture.ran.count == 2)
    try await fixture.advance(toMs: 300)  // a's and b's places free up: exactly one interval
    try await fixture.advance(toMs: 600)
    try await fixture.limiter.waitUntilIdleBounded()
    #expect(
      fixture.ran.values == [
        Ran(value: "a", at: 0), Ran(value: "b", at: 0), Ran(value: "c", at: 300),
        Ran(value: "d", at: 300), Ran(value: "e", at: 600),
      ])
    #expect(!fixture.limiter.isPending)
  }

  /// A sliding window, not fixed buckets: each run's place frees up one interval after it.
  @Test func eachPlaceFreesUpOneIntervalAfterItsRun() async throws {
    let fixture = RateLimitFixture(limit: 2, intervalMs: 300)
    fixture.limiter.send("a")
    try await fixture.advance(toMs: 100)
    fixture.limiter.send("b")
    try await fixture.advance(toMs: 200)
    fixture.limiter.send("c")  // a's place frees up at 300
    try await fixture.advance(toMs: 299)
    #expect(fixture.ran.count == 2)
    try await fixture.advance(toMs: 300)
    try await fixture.advance(toMs: 350)
    fixture.limiter.send("d")  // b's place frees up at 400
    try await fixture.advance(toMs: 399)
    #expect(fixture.ran.count == 3)
    try await fixture.advance(toMs: 400)
    try await fixture.advance(toMs: 750)
    fixture.limiter.send("e")  // c's place freed up at 600: runs at once
    try await fixture.limiter.waitUntilIdleBounded()
    #expect(
      fixture.ran.values == [
        Ran(value: "a", at: 0), Ran(value: "b", at: 100), Ran(value: "c", at: 300),
        Ran(value: "d", at: 400), Ran(value: "e", at: 750),
      ])
  }

  /// Runs never overlap, and the next one is dispatched only when the one before returns: the
  /// window then counts from that dispatch, so a slow run can only lower the rate.
  @Test func aSlowRunHoldsTheQueueAndTheWindowCountsFromTheLaterStart() async throws {
    let gate = AsyncGate()
    let fixture = RateLimitFixture(limit: 1, intervalMs: 100, gate: gate)
    fixture.limiter.send("slow")
    try await fixture.ran.waitForCountBounded(1)
    await fixture.clock.advance(toMs: 10)
    fixture.limiter.send("next")
    await fixture.clock.advance(toMs: 250)  // the place freed up at 100, but slow still runs
    #expect(fixture.ran.values == [Ran(value: "slow", at: 0)])
    #expect(fixture.limiter.isPending)
    gate.open()
    try await fixture.ran.waitForCountBounded(2)
    try await fixture.limiter.waitUntilIdleBounded()
    fixture.limiter.send("third")  // next's place, taken at 250, frees up at 350
    try await fixture.advance(toMs: 349)
    #expect(fixture.ran.count == 2)
    try await fixture.advance(toMs: 350)
    try await fixture.limiter.waitUntilIdleBounded()
    #expect(
      fixture.ran.values == [
        Ran(value: "slow", at: 0), Ran(value: "next", at: 250), Ran(value: "third", at: 350),
      ])
  }

  @Test func aZeroIntervalRunsEveryValueAtOnceOneAfterAnother() async throws {
    let fixture = RateLimitFixture(limit: 1, intervalMs: 0)
    for value in ["a", "b", "c"] { fixture.limiter.send(value) }
    try await fixture.limiter.waitUntilIdleBounded()
    #expect(fixture.ran.values.map(\.value) == ["a", "b", "c"])
    #expect(fixture.ran.values.allSatisfy { $0.at == 0 })
  }

  /// `cancel()` starts over: the queue is dropped and the window forgotten.
  @Test func cancelDropsTheQueueAndForgetsTheWindow() async throws {
    let fixture = RateLimitFixture(limit: 1, intervalMs: 300)
    for value in ["a", "b", "c"] { fixture.limiter.send(value) }
    try await fixture.advance(toMs: 10)
    fixture.limiter.cancel()
    #expect(!fixture.limiter.isPending)
    fixture.limiter.send("d")
    try await fixture.advance(toMs: 20)
    try await fixture.advance(toMs: 1_000)
    try await fixture.limiter.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "d", at: 10)])
  }

  @Test func sendAndWaitReturnsOnceItsOwnRunReturnedOrItWasDropped() async throws {
    let fixture = RateLimitFixture(limit: 1, intervalMs: 300)
    let limiter = fixture.limiter
    #expect(try await limiter.sendAndWait("a") == .ran)
    let b = try await startedCall("b", sent: limiter.inputsSent) {
      try await limiter.sendAndWait("b")
    }
    let c = try await startedCall("c", sent: limiter.inputsSent) {
      try await limiter.sendAndWait("c")
    }
    try await fixture.advance(toMs: 300)
    #expect(try await b.valueBounded("b's outcome") == .ran)
    limiter.cancel()
    #expect(try await c.valueBounded("c's outcome") == .dropped)
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 300)])
  }

  struct Refused: Error, Equatable { var value: Int }

  /// Unlike a debouncer's callers, no two callers share a run: each gets its own value's result.
  @Test func eachCallerGetsItsOwnRunsResultOrError() async throws {
    let clock = ManualClock()
    let square = RateLimiting(limit: 2, per: .milliseconds(100), clock: clock) {
      (value: Int) throws(Refused) -> Int in
      guard value != 3 else { throw Refused(value: value) }
      return value * value
    }
    let calls = try await (1...4).asyncMap { value in
      try await startedCall("\(value)", sent: square.inputsSent) {
        try await square.sendAndWaitForResult(value)
      }
    }
    try await square.waitUntilQuiescentBounded()
    await clock.advance(toMs: 100)
    #expect(try await calls[0].valueBounded("1's result") == 1)
    #expect(try await calls[1].valueBounded("2's result") == 4)
    #expect(try await SendAndWaitForResultTests.failure(calls[2]) as? Refused == Refused(value: 3))
    #expect(try await calls[3].valueBounded("4's result") == 16)
  }

  @Test func aValueCancelledBeforeItRanThrowsDroppedValueError() async throws {
    let fixture = RateLimitFixture(limit: 1, intervalMs: 300)
    let limiter = fixture.limiter
    limiter.send("a")
    let b = try await startedCall("b", sent: limiter.inputsSent) {
      try await limiter.sendAndWaitForResult("b")
    }
    limiter.cancel()
    #expect(try await SendAndWaitForResultTests.failure(b) is DroppedValueError)
  }

  @Test func acquireHandsOutAtMostLimitPlacesPerWindowInTheOrderAsked() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(limit: 2, per: .milliseconds(300), clock: clock)
    let acquired = ValueRecorder<Ran<Int>>()
    var callers: [Task<Void, any Error>] = []
    for caller in 1...5 {
      callers.append(
        try await startedCall("acquire \(caller)", sent: limiter.inputsSent) {
          try await limiter.acquire()
          acquired.record(Ran(value: caller, at: clock.millis))
        })
    }
    try await acquired.waitForCountBounded(2)
    try await limiter.waitUntilQuiescentBounded()
    await clock.advance(toMs: 300)
    try await acquired.waitForCountBounded(4)
    try await limiter.waitUntilQuiescentBounded()
    await clock.advance(toMs: 600)
    for caller in callers { try await caller.valueBounded("an acquire") }
    #expect(
      acquired.values == [
        Ran(value: 1, at: 0), Ran(value: 2, at: 0), Ran(value: 3, at: 300), Ran(value: 4, at: 300),
        Ran(value: 5, at: 600),
      ])
  }

  @Test func aCancelledOrDroppedAcquireThrowsCancellationError() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(limit: 1, per: .milliseconds(300), clock: clock)
    try await limiter.acquire()
    let cancelled = try await startedCall("cancelled", sent: limiter.inputsSent) {
      try await limiter.acquire()
    }
    cancelled.cancel()
    #expect(try await SendAndWaitForResultTests.failure(cancelled) is CancellationError)
    let dropped = try await startedCall("dropped", sent: limiter.inputsSent) {
      try await limiter.acquire()
    }
    limiter.cancel()
    #expect(try await SendAndWaitForResultTests.failure(dropped) is CancellationError)
    // Started over: the next caller goes ahead at once.
    try await bounded("an acquire after cancel()") { try await limiter.acquire() }
  }

  /// A caller already cancelled when it asks takes no place: the next caller goes ahead at once.
  @Test func anAcquireOfACancelledTaskTakesNoPlace() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(limit: 1, per: .milliseconds(300), clock: clock)
    let gate = AsyncGate()
    let cancelled = Task {
      await gate.wait()
      try await limiter.acquire()
    }
    cancelled.cancel()
    gate.open()
    #expect(try await SendAndWaitForResultTests.failure(cancelled) is CancellationError)
    #expect(limiter.inputsSent == 0)
    try await bounded("an acquire with the place still free") { try await limiter.acquire() }
  }

  /// Places handed out at a send, with no task: the idle waiters still learn of it.
  @Test func waitUntilIdleReturnsOnceTheQueuedAcquiresHaveTheirPlaces() async throws {
    let clock = ManualClock()
    let limiter = RateLimiter(limit: 1, per: .milliseconds(300), clock: clock)
    try await limiter.acquire()
    let waiting = try await startedCall("a second acquire", sent: limiter.inputsSent) {
      try await limiter.acquire()
    }
    #expect(limiter.isPending)
    let idle = Task { await limiter.waitUntilIdle() }
    try await limiter.waitUntilQuiescentBounded()
    await clock.advance(toMs: 300)
    try await waiting.valueBounded("the second acquire")
    try await idle.valueBounded("waitUntilIdle()")
    #expect(!limiter.isPending)
    #expect(limiter.activeRunCount == 0)
  }

  @Test func releasingTheLimiterDropsTheQueueAndTheAction() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let tracker = LifetimeTracker()
    var limiter: RateLimiter<String, ManualClock>? = RateLimiter(
      limit: 1, per: .milliseconds(300), clock: clock
    ) { [token = tracker.makeToken()] value in
      _ = token
      ran.record(value)
    }
    limiter?.send("a")
    limiter?.send("b")
    try await ran.waitForCountBounded(1)
    let engine = try #require(limiter?.engine)
    limiter = nil
    try await engine.waitUntilIdleBounded()
    await clock.advance(toMs: 1_000)
    #expect(ran.values == ["a"])
    try await tracker.waitUntilReleasedBounded()
  }

  @Test func invalidLimitsStopWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      _ = RateLimiter(limit: 0, per: .seconds(1))
    }
    await #expect(processExitsWith: .failure) {
      _ = RateLimiter(limit: 1, per: .seconds(-1))
    }
  }

  /// A place taken beside an action's runs would let the caller's work overlap them. The
  /// message names the limiter and the member as the user wrote them, and the way out.
  @Test func acquireOnALimiterWithAnActionStopsWithAMessage() async throws {
    let plain = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let limiter = RateLimiter(limit: 1, per: .seconds(1)) { (_: Void) in }
      try? await limiter.acquire()
    }
    let keyed = try await #require(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      let limiter = KeyedRateLimiter(limit: 1, per: .seconds(1)) { (_: Int, _: Void) in }
      try? await limiter.acquire(forKey: 1)
    }
    let plainMessage = String(decoding: plain.standardErrorContent, as: UTF8.self)
    #expect(
      plainMessage.contains(
        "RateLimiter.acquire() was called on a rate limiter made with an action"),
      "\(plainMessage.suffix(400))")
    #expect(plainMessage.contains("with sendAndWait(_:)."))
    let keyedMessage = String(decoding: keyed.standardErrorContent, as: UTF8.self)
    #expect(
      keyedMessage.contains(
        "KeyedRateLimiter.acquire(forKey:) was called on a rate limiter made with an action"),
      "\(keyedMessage.suffix(400))")
    #expect(keyedMessage.contains("without an action for acquire(forKey:)"))
    #expect(keyedMessage.contains("with sendAndWait(_:forKey:)."))
  }
}

extension Sequence where Element: Sendable {
  /// `map` with an async transform, in order, one element at a time.
  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var results: [T] = []
    for element in self { results.append(try await transform(element)) }
    return results
  }
}
