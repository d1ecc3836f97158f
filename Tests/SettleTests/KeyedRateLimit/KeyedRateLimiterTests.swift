// Hooks: per-key state returning to zero (`keyCount`), one timer for every key
// (`timersStarted`), `inputsSent` and `waitUntilQuiescent()` between steps: none is public.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("KeyedRateLimiter", .watched)
struct KeyedRateLimiterTests {
  /// The promise "per key, a RateLimiter", checked against the real thing: one schedule of
  /// sends on two keys goes to a `KeyedRateLimiter` and to one `RateLimiter` per key, on one
  /// clock, and every key must run the same values at the same instants as its own limiter.
  @Test func eachKeyRunsAsItsOwnRateLimiterWould() async throws {
    let clock = ManualClock()
    let keyedRan = ValueRecorder<Ran<String>>()
    let keyed = KeyedRateLimiter<String, Int, ManualClock>(
      limit: 2, per: .milliseconds(300), clock: clock
    ) { key, value in keyedRan.record(Ran(value: "\(key):\(value)", at: clock.millis)) }
    let singleRan = ValueRecorder<Ran<String>>()
    let singles = ["a", "b"].map { key in
      RateLimiter<Int, ManualClock>(limit: 2, per: .milliseconds(300), clock: clock) { value in
        singleRan.record(Ran(value: "\(key):\(value)", at: clock.millis))
      }
    }
    // Bursts on both keys whose places free up at different instants, sends landing exactly
    // where a place frees up, and b started over once with values queued.
    let schedule: [(ms: Int, key: Int, value: Int?)] = [
      (0, 0, 1), (0, 0, 2), (0, 0, 3), (50, 1, 4), (100, 1, 5), (100, 1, 6), (120, 1, 7),
      (130, 1, nil), (140, 1, 8), (300, 0, 9), (310, 0, 10), (400, 1, 11), (600, 0, 12),
      (650, 1, 13), (1_000, 0, 14),
    ]
    let instants = Set(schedule.map(\.ms) + schedule.map { $0.ms + 300 }).sorted()
    var step = 0
    for instant in instants where instant <= 2_000 {
      await clock.advance(toMs: instant)
      try await keyed.waitUntilQuiescentBounded()
      for single in singles { try await single.waitUntilQuiescentBounded() }
      while step < schedule.count, schedule[step].ms == instant {
        let (_, index, value) = schedule[step]
        let key = index == 0 ? "a" : "b"
        if let value {
          keyed.send(value, forKey: key)
          singles[index].send(value)
        } else {
          keyed.cancel(forKey: key)
          singles[index].cancel()
        }
        // A run the send started records the instant it was sent at, before the clock moves.
        try await keyed.waitUntilQuiescentBounded()
        for single in singles { try await single.waitUntilQuiescentBounded() }
        step += 1
      }
    }
    await clock.advance(toMs: 3_000)
    try await keyed.waitUntilIdleBounded()
    for single in singles { try await single.waitUntilIdleBounded() }
    let byKey = { (runs: [Ran<String>], key: String) in runs.filter { $0.value.hasPrefix(key) } }
    #expect(singleRan.count == 12)  // b's 6 and 7 were queued when b started over
    for key in ["a", "b"] {
      #expect(byKey(keyedRan.values, key) == byKey(singleRan.values, key), "key \(key)")
    }
    try await keyed.waitUntilQuiescentBounded()
    #expect(keyed.keyCount == 0)
  }

  @Test func keysHaveTheirOwnQueuesAndWindowsAndOneTimer() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<String>>()
    let limiter = KeyedRateLimiter<String, String, ManualClock>(
      limit: 1, per: .milliseconds(300), clock: clock
    ) { key, value in ran.record(Ran(value: "\(key):\(value)", at: clock.millis)) }
    limiter.send("1", forKey: "a")
    limiter.send("2", forKey: "a")
    limiter.send("3", forKey: "a")
    limiter.send("1", forKey: "b")
    limiter.send("2", forKey: "b")
    try await limiter.waitUntilQuiescentBounded()
    #expect(limiter.isPending(forKey: "a") && limiter.isPending(forKey: "b"))
    await clock.advance(toMs: 300)
    try await limiter.waitUntilQuiescentBounded()
    await clock.advance(toMs: 600)
    try await limiter.waitUntilIdleBounded()
    #expect(
      ran.values.byKey
        == [
          Ran(value: "a:1", at: 0), Ran(value: "b:1", at: 0), Ran(value: "a:2", at: 300),
          Ran(value: "b:2", at: 300), Ran(value: "a:3", at: 600),
        ].byKey)
    #expect(limiter.timersStarted == 1)
  }

  /// Releasing the limiter drops every key's queue, runs nothing more and lets the action go:
  /// a rate limiter's release policy is always `.cancelPending`.
  @Test func releasingTheLimiterDropsEveryKeysQueueAndTheAction() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let lifetime = LifetimeTracker()
    var limiter: KeyedRateLimiter<Int, String, ManualClock>? = KeyedRateLimiter(
      limit: 1, per: .milliseconds(300), clock: clock
    ) { [token = lifetime.makeToken()] key, value in
      _ = token
      ran.record("\(key):\(value)")
    }
    limiter?.send("a", forKey: 1)
    limiter?.send("b", forKey: 1)  // queued behind a's place
    limiter?.send("x", forKey: 2)
    limiter?.send("y", forKey: 2)  // queued behind x's place
    try await ran.waitForCountBounded(2)
    limiter = nil
    // The action is let go only once no run can start: what ran by then is all that runs.
    try await lifetime.waitUntilReleasedBounded()
    await clock.advance(toMs: 1_000)
    #expect(ran.values.sorted() == ["1:a", "2:x"])
  }

  /// A key is kept while its newest run's place is taken, so that it is still limited, and
  /// dropped once it frees up.
  @Test func aKeyIsRememberedUntilItsWindowHasPassed() async throws {
    let clock = ManualClock()
    let perKey = KeyedRateLimiter<Int, Void, ManualClock>(
      limit: 1, per: .milliseconds(300), clock: clock)
    for key in 0..<100 { try await perKey.acquire(forKey: key) }
    try await perKey.waitUntilQuiescentBounded()
    #expect(perKey.keyCount == 100)
    let late = try await startedCall("a second acquire of key 7", sent: perKey.inputsSent) {
      try await perKey.acquire(forKey: 7)
    }
    await clock.advance(toMs: 299)
    try await perKey.waitUntilQuiescentBounded()
    #expect(perKey.isPending(forKey: 7))
    await clock.advance(toMs: 300)
    try await late.valueBounded("key 7's second acquire")
    try await perKey.waitUntilQuiescentBounded()
    #expect(perKey.keyCount == 1)  // key 7's second place, taken at 300
    await clock.advance(toMs: 600)
    try await perKey.waitUntilQuiescentBounded()
    #expect(perKey.keyCount == 0)
    #expect(perKey.heapCount == 0)
  }

  @Test func eachCallerOfAKeyGetsItsOwnRunsResult() async throws {
    let clock = ManualClock()
    let lookUp = KeyedRateLimiting(limit: 1, per: .milliseconds(100), clock: clock) {
      (host: String, path: String) -> String in host + path
    }
    let first = try await startedCall("first", sent: lookUp.inputsSent) {
      try await lookUp.sendAndWaitForResult("/a", forKey: "example.com")
    }
    let second = try await startedCall("second", sent: lookUp.inputsSent) {
      try await lookUp.sendAndWaitForResult("/b", forKey: "example.com")
    }
    #expect(try await lookUp.sendAndWaitForResult("/a", forKey: "example.org") == "example.org/a")
    #expect(try await first.valueBounded("the first result") == "example.com/a")
    try await lookUp.waitUntilQuiescentBounded()
    await clock.advance(toMs: 100)
    #expect(try await second.valueBounded("the second result") == "example.com/b")
    #expect(try await lookUp.sendAndWait("/c", forKey: "example.net") == .ran)
  }

  @Test func cancelForAKeyStartsOnlyThatKeyOver() async throws {
    let clock = ManualClock()
    let limiter = KeyedRateLimiter<String, Void, ManualClock>(
      limit: 1, per: .milliseconds(300), clock: clock)
    try await limiter.acquire(forKey: "a")
    try await limiter.acquire(forKey: "b")
    let waitingA = try await startedCall("a's second", sent: limiter.inputsSent) {
      try await limiter.acquire(forKey: "a")
    }
    let waitingB = try await startedCall("b's second", sent: limiter.inputsSent) {
      try await limiter.acquire(forKey: "b")
    }
    limiter.cancel(forKey: "a")
    #expect(try await SendAndWaitForResultTests.failure(waitingA) is CancellationError)
    try await bounded("a, started over, to go ahead at once") {
      try await limiter.acquire(forKey: "a")
    }
    #expect(limiter.isPending(forKey: "b"))
    try await limiter.waitUntilQuiescentBounded()
    await clock.advance(toMs: 300)
    try await waitingB.valueBounded("b's second acquire")
  }
}
