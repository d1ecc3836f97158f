// Hooks: per-key state returning to zero (`keyCount`, `heapCount`), one timer for every key
// (`timersStarted`) and `waitUntilQuiescent()` between steps: none is public.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("KeyedThrottler", .watched)
struct KeyedThrottlerTests {
  static let modes: [ThrottleMode] = [
    .newestAtWindowEnd, .firstAtWindowEnd, .cooldown, .newestAtWindowEndOnly,
  ]

  /// The promise "per key, a Throttler", checked against the real thing: one schedule of sends
  /// on two keys goes to a `KeyedThrottler` and to one `Throttler` per key, on one clock, and
  /// every key must run the same values at the same instants as its own throttler.
  @Test(arguments: modes)
  func eachKeyRunsAsItsOwnThrottlerWould(_ mode: ThrottleMode) async throws {
    let clock = ManualClock()
    let keyedRan = ValueRecorder<Ran<String>>()
    let keyed = KeyedThrottler<String, Int, ManualClock>(
      for: .milliseconds(300), mode: mode, clock: clock
    ) { key, value in keyedRan.record(Ran(value: "\(key):\(value)", at: clock.millis)) }
    let singleRan = ValueRecorder<Ran<String>>()
    let singles = ["a", "b"].map { key in
      Throttler<Int, ManualClock>(for: .milliseconds(300), mode: mode, clock: clock) { value in
        singleRan.record(Ran(value: "\(key):\(value)", at: clock.millis))
      }
    }
    // Windows of a and b overlap and end at different instants; some sends land exactly on a
    // window's end, and b is cancelled once in the middle of one.
    let schedule: [(ms: Int, key: Int, value: Int?)] = [
      (0, 0, 1), (50, 1, 2), (100, 0, 3), (200, 0, 4), (250, 1, 5), (300, 0, 6),
      (320, 1, nil), (330, 1, 7), (400, 1, 8), (600, 0, 9), (650, 1, 10), (700, 0, 11),
      (1_000, 0, 12),
    ]
    for step in schedule {
      await clock.advance(toMs: step.ms)
      try await keyed.waitUntilQuiescentBounded()
      for single in singles { try await single.waitUntilQuiescentBounded() }
      let key = step.key == 0 ? "a" : "b"
      if let value = step.value {
        keyed.send(value, forKey: key)
        singles[step.key].send(value)
      } else {
        keyed.cancel(forKey: key)
        singles[step.key].cancel()
      }
      // A run the send started records the instant it was sent at, before the clock moves.
      try await keyed.waitUntilQuiescentBounded()
      for single in singles { try await single.waitUntilQuiescentBounded() }
    }
    await clock.advance(toMs: 2_000)
    try await keyed.waitUntilQuiescentBounded()
    try await keyed.waitUntilIdleBounded()
    for single in singles { try await single.waitUntilIdleBounded() }
    // The last run, at 2 000, opened a window; once it ends, the keys are forgotten.
    await clock.advance(toMs: 3_000)
    try await keyed.waitUntilQuiescentBounded()
    #expect(keyed.keyCount == 0)
    let byKey = { (runs: [Ran<String>], key: String) in runs.filter { $0.value.hasPrefix(key) } }
    #expect(!singleRan.values.isEmpty)
    for key in ["a", "b"] {
      #expect(byKey(keyedRan.values, key) == byKey(singleRan.values, key), "key \(key), \(mode)")
    }
  }

  @Test func keysHaveTheirOwnWindows() async throws {
    let fixture = KeyedThrottleFixture()
    fixture.throttler.send("a1", forKey: "a")  // opens a's window: runs at once
    try await fixture.advance(toMs: 0)
    try await fixture.advance(toMs: 100)
    fixture.throttler.send("a2", forKey: "a")  // waits for the end of a's window, at 300
    fixture.throttler.send("b1", forKey: "b")  // b has no window open: runs at once
    try await fixture.advance(toMs: 100)
    try await fixture.advance(toMs: 299)
    #expect(fixture.runs == [Ran(value: "a:a1", at: 0), Ran(value: "b:b1", at: 100)])
    #expect(fixture.throttler.isPending(forKey: "a"))
    #expect(!fixture.throttler.isPending(forKey: "b"))
    try await fixture.advance(toMs: 300)
    #expect(fixture.runs.last == Ran(value: "a:a2", at: 300))
    #expect(fixture.throttler.timersStarted == 1, "one timer for both keys' windows")
  }

  @Test func aKeyIsForgottenWhenItsWindowEnds() async throws {
    let fixture = KeyedThrottleFixture()
    for key in 0..<1_000 { fixture.throttler.send("v", forKey: "k\(key)") }
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.runs.count == 1_000)
    #expect(fixture.throttler.keyCount == 1_000, "each key's window is open until 300")
    fixture.throttler.send("w", forKey: "k0")  // inside k0's window: waits
    try await fixture.advance(toMs: 299)
    #expect(fixture.throttler.keyCount == 1_000)
    try await fixture.advance(toMs: 300)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.runs.count == 1_001)
    #expect(fixture.throttler.keyCount == 1, "k0's run at 300 opened a window until 600")
    try await fixture.advance(toMs: 600)
    #expect(fixture.throttler.keyCount == 0)
    #expect(fixture.throttler.heapCount == 0)
    #expect(!fixture.throttler.hasTimer)
  }

  @Test func cancelForKeyClosesOnlyThatKeysWindow() async throws {
    let fixture = KeyedThrottleFixture()
    fixture.throttler.send("a1", forKey: "a")
    fixture.throttler.send("b1", forKey: "b")
    try await fixture.throttler.waitUntilIdleBounded()
    fixture.throttler.send("a2", forKey: "a")
    fixture.throttler.send("b2", forKey: "b")
    fixture.throttler.cancel(forKey: "a")  // drops a2 and closes a's window
    #expect(!fixture.throttler.isPending(forKey: "a"))
    #expect(fixture.throttler.isPending(forKey: "b"))
    fixture.throttler.send("a3", forKey: "a")  // a has no window now: runs at once
    try await fixture.throttler.waitUntilQuiescentBounded()
    #expect(fixture.runs.byKey == runs("a:a1", "b:b1", "a:a3").byKey)
    try await fixture.advance(toMs: 300)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.runs.byKey == runs("a:a1", "b:b1", "a:a3", "b:b2@300").byKey)
  }

  @Test func cancelDropsEveryKeyAndStopsTheTimer() async throws {
    let fixture = KeyedThrottleFixture()
    fixture.throttler.send("a1", forKey: "a")
    fixture.throttler.send("a2", forKey: "a")
    fixture.throttler.send("b1", forKey: "b")
    fixture.throttler.send("b2", forKey: "b")
    try await fixture.throttler.waitUntilQuiescentBounded()
    fixture.throttler.cancel()
    #expect(fixture.throttler.keyCount == 0)
    #expect(!fixture.throttler.hasTimer)
    try await fixture.advance(toMs: 300)
    #expect(fixture.runs.byKey == runs("a:a1", "b:b1").byKey)
  }

  @Test func flushForKeyRunsItsWaitingValueNowAndKeepsItsWindow() async throws {
    let fixture = KeyedThrottleFixture()
    fixture.throttler.send("a1", forKey: "a")
    fixture.throttler.send("a2", forKey: "a")
    fixture.throttler.send("b1", forKey: "b")
    fixture.throttler.send("b2", forKey: "b")
    try await fixture.throttler.flushBounded(forKey: "a")
    try await fixture.ran.waitForCountBounded(3, "b1's run, which the flush of a does not wait for")
    #expect(fixture.runs.byKey == runs("a:a1", "b:b1", "a:a2").byKey)
    #expect(fixture.throttler.isPending(forKey: "b"))
    fixture.throttler.send("a3", forKey: "a")  // a's window still ends at 300
    try await fixture.advance(toMs: 300)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.runs.byKey == runs("a:a1", "b:b1", "a:a2", "a:a3@300", "b:b2@300").byKey)
  }

  @Test func sendAndWaitReturnsWithItsKeysRun() async throws {
    let clock = ManualClock()
    let throttler = KeyedThrottler<String, Int, ManualClock>(
      for: .milliseconds(300), mode: .cooldown, clock: clock
    ) { _, _ in }
    #expect(try await throttler.sendAndWait(1, forKey: "a") == .ran)
    #expect(try await throttler.sendAndWait(2, forKey: "a") == .dropped, "a cooldown drops it")
    #expect(try await throttler.sendAndWait(3, forKey: "b") == .ran, "b has its own window")
  }

  @Test func aHeldValuesCallerReturnsAtItsWindowsEnd() async throws {
    let fixture = KeyedThrottleFixture()
    fixture.throttler.send("a1", forKey: "a")
    let waiting = Task { try await fixture.throttler.sendAndWait("a2", forKey: "a") }
    try await fixture.throttler.waitUntilQuiescentBounded()
    try await bounded("the caller to be registered") {
      while fixture.throttler.sendWaiterCount == 0 { await Task.yield() }
    }
    await fixture.clock.advance(toMs: 300)
    #expect(try await waiting.value == .ran)
    #expect(fixture.runs.last == Ran(value: "a:a2", at: 300))
  }

  @Test func eachKeysWindowFoldsItsOwnValues() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let deliver = FoldingKeyedThrottler<String, String, [String], ManualClock>(
      for: .milliseconds(300), folding: .collect, clock: clock
    ) { channel, messages in ran.record("\(channel): \(messages.joined(separator: ","))") }
    deliver.send("hi", forKey: "general")
    deliver.send("one", forKey: "general")
    deliver.send("x", forKey: "random")
    deliver.send("two", forKey: "general")
    deliver.send("y", forKey: "random")
    try await deliver.waitUntilQuiescentBounded()
    await clock.advance(toMs: 300)
    try await deliver.waitUntilIdleBounded()
    #expect(ran.values.prefix(2).sorted() == ["general: hi", "random: x"])
    #expect(ran.values.dropFirst(2).sorted() == ["general: one,two", "random: y"])
  }
}

/// A keyed throttler on a fresh ManualClock whose action records `key:value` and when it ran.
/// Runs written as "key:value", at 0 ms unless "@ms" follows: `runs("a:a1", "b:b2@300")`.
private func runs(_ described: String...) -> [Ran<String>] {
  described.map { text in
    let parts = text.split(separator: "@")
    return Ran(value: String(parts[0]), at: parts.count > 1 ? Int(parts[1])! : 0)
  }
}

struct KeyedThrottleFixture {
  let clock = ManualClock()
  let ran = ValueRecorder<Ran<String>>()
  let throttler: KeyedThrottler<String, String, ManualClock>

  init(interval: Int = 300, mode: ThrottleMode = .newestAtWindowEnd) {
    let clock = clock
    let ran = ran
    throttler = KeyedThrottler(for: .milliseconds(interval), mode: mode, clock: clock) {
      key, value in
      ran.record(Ran(value: "\(key):\(value)", at: clock.millis))
    }
  }

  var runs: [Ran<String>] { ran.values }

  /// Moves the clock to `ms` and waits until what is due there has run and the timer sleeps.
  func advance(toMs ms: Int) async throws {
    await clock.advance(toMs: ms)
    try await throttler.waitUntilQuiescentBounded()
  }
}
