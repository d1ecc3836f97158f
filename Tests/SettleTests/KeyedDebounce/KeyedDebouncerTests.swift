// Hooks: per-key state returning to zero (`keyCount`, `heapCount`, `keysWithRunTasks`), one timer
// for every key (`timersStarted`) and `waitUntilQuiescent()` between steps: none is public.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A keyed debouncer on a fresh ManualClock whose action records `key:value` and when it ran.
struct KeyedFixture {
  let clock = ManualClock()
  let ran = ValueRecorder<Ran<String>>()
  let debouncer: KeyedDebouncer<String, String, ManualClock>

  init(interval: Int = 300, options: DebounceOptions = DebounceOptions()) {
    let clock = clock
    let ran = ran
    debouncer = KeyedDebouncer(for: .milliseconds(interval), options: options, clock: clock) {
      key, value in
      ran.record(Ran(value: "\(key):\(value)", at: clock.millis))
    }
  }

  var runs: [Ran<String>] { ran.values }

  /// Moves the clock to `ms` and waits until what is due there has run and the timer sleeps.
  func advance(toMs ms: Int) async throws {
    await clock.advance(toMs: ms)
    try await debouncer.waitUntilQuiescentBounded()
  }
}

@Suite("KeyedDebouncer", .watched)
struct KeyedDebouncerTests {
  @Test func eachKeyRunsItsLastValueAfterItsOwnQuietPeriod() async throws {
    let fixture = KeyedFixture()
    fixture.debouncer.send("a1", forKey: "a")
    try await fixture.advance(toMs: 100)
    fixture.debouncer.send("b1", forKey: "b")
    try await fixture.advance(toMs: 200)
    fixture.debouncer.send("a2", forKey: "a")  // restarts a only
    try await fixture.advance(toMs: 300)
    #expect(fixture.runs.isEmpty, "a's first deadline moved to 500")
    try await fixture.advance(toMs: 400)
    #expect(fixture.runs == [Ran(value: "b:b1", at: 400)])
    try await fixture.advance(toMs: 499)
    #expect(fixture.debouncer.isPending(forKey: "a"))
    try await fixture.advance(toMs: 500)  // inclusive deadline
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "b:b1", at: 400), Ran(value: "a:a2", at: 500)])
  }

  @Test func oneTimerTaskServesEveryKey() async throws {
    let fixture = KeyedFixture()
    fixture.debouncer.send("1", forKey: "a")
    fixture.debouncer.send("1", forKey: "b")
    fixture.debouncer.send("1", forKey: "c")
    try await fixture.clock.waitForSleepersBounded(count: 1)
    try await fixture.debouncer.waitUntilQuiescentBounded()
    #expect(fixture.clock.sleeperCount == 1)
    #expect(fixture.debouncer.timersStarted == 1)
    try await fixture.advance(toMs: 100)
    fixture.debouncer.send("2", forKey: "b")
    fixture.debouncer.send("1", forKey: "d")
    try await fixture.advance(toMs: 200)
    #expect(fixture.clock.sleeperCount == 1, "still one sleeper for four keys")
    #expect(fixture.debouncer.timersStarted == 1)
    try await fixture.advance(toMs: 400)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs.count == 4)
    #expect(fixture.debouncer.timersStarted == 1)
  }

  @Test func stateReturnsToZeroAfterManyKeysRun() async throws {
    let fixture = KeyedFixture()
    for key in 0..<1_000 { fixture.debouncer.send("v", forKey: "k\(key)") }
    #expect(fixture.debouncer.keyCount == 1_000)
    try await fixture.clock.waitForSleepersBounded(count: 1)
    await fixture.clock.advance(toMs: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs.count == 1_000)
    #expect(fixture.debouncer.keyCount == 0)
    #expect(fixture.debouncer.keysWithRunTasks == 0)
    #expect(fixture.debouncer.heapCount == 0)
    #expect(fixture.debouncer.activeRunCount == 0)
    // And once more: a second wave leaves nothing behind either.
    for key in 0..<1_000 { fixture.debouncer.send("w", forKey: "k\(key)") }
    try await fixture.advance(toMs: 400)
    await fixture.clock.advance(toMs: 700)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs.count == 2_000)
    #expect(fixture.debouncer.keyCount == 0)
    #expect(fixture.debouncer.heapCount == 0)
  }

  @Test func cancelForKeyLeavesOtherKeysAlone() async throws {
    let fixture = KeyedFixture()
    fixture.debouncer.send("a1", forKey: "a")
    fixture.debouncer.send("b1", forKey: "b")
    fixture.debouncer.cancel(forKey: "a")
    #expect(!fixture.debouncer.isPending(forKey: "a"))
    #expect(fixture.debouncer.isPending(forKey: "b"))
    #expect(fixture.debouncer.keyCount == 1)
    try await fixture.advance(toMs: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "b:b1", at: 300)])
    #expect(fixture.debouncer.keyCount == 0)
  }

  @Test func cancelDropsEveryKeyAndStopsTheTimer() async throws {
    let fixture = KeyedFixture()
    fixture.debouncer.send("a1", forKey: "a")
    fixture.debouncer.send("b1", forKey: "b")
    try await fixture.clock.waitForSleepersBounded(count: 1)
    fixture.debouncer.cancel()
    #expect(!fixture.debouncer.hasTimer)
    #expect(fixture.debouncer.keyCount == 0)
    await fixture.clock.advance(toMs: 1000)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs.isEmpty)
    fixture.debouncer.send("a2", forKey: "a")  // a new timer after cancel()
    try await fixture.advance(toMs: 1300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a:a2", at: 1300)])
  }

  @Test func flushForKeyRunsThatKeyNowAndLeavesTheOthers() async throws {
    let fixture = KeyedFixture()
    fixture.debouncer.send("a1", forKey: "a")
    fixture.debouncer.send("b1", forKey: "b")
    try await fixture.advance(toMs: 100)
    try await fixture.debouncer.flushBounded(forKey: "a")
    #expect(fixture.runs == [Ran(value: "a:a1", at: 100)])
    #expect(!fixture.debouncer.isPending(forKey: "a"))
    #expect(fixture.debouncer.isPending(forKey: "b"))
    try await fixture.debouncer.flushBounded(forKey: "a")  // nothing left: returns at once
    try await fixture.advance(toMs: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a:a1", at: 100), Ran(value: "b:b1", at: 300)])
  }

  @Test func flushRunsEveryPendingKey() async throws {
    let fixture = KeyedFixture()
    fixture.debouncer.send("a1", forKey: "a")
    fixture.debouncer.send("b1", forKey: "b")
    try await fixture.debouncer.flushBounded()
    #expect(Set(fixture.runs.map(\.value)) == ["a:a1", "b:b1"])
    #expect(fixture.runs.allSatisfy { $0.at == 0 })
    try await fixture.advance(toMs: 1000)
    #expect(fixture.runs.count == 2, "a flushed value never runs again on the timer")
    #expect(fixture.debouncer.keyCount == 0)
  }

  @Test func isPendingIsPerKey() async throws {
    let fixture = KeyedFixture()
    #expect(!fixture.debouncer.isPending(forKey: "a"))
    fixture.debouncer.send("a1", forKey: "a")
    #expect(fixture.debouncer.isPending(forKey: "a"))
    #expect(!fixture.debouncer.isPending(forKey: "b"))
    try await fixture.advance(toMs: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(!fixture.debouncer.isPending(forKey: "a"))
  }

  /// Runs of one key wait for each other; runs of different keys do not.
  @Test func runsOfOneKeyNeverOverlapButRunsOfDifferentKeysMay() async throws {
    let clock = ManualClock()
    let gate = AsyncGate()
    let events = ValueRecorder<String>()
    let running = LockedState([String: Int]())
    let mostAtOnce = LockedState((perKey: 0, overall: 0))
    let debouncer = KeyedDebouncer(for: .milliseconds(300), clock: clock) {
      (key: String, value: String) in
      running.withLock { running in
        running[key, default: 0] += 1
        let overall = running.values.reduce(0, +)
        mostAtOnce.withLock {
          $0.perKey = max($0.perKey, running[key]!)
          $0.overall = max($0.overall, overall)
        }
      }
      events.record("start \(value)")
      await withTaskCancellationHandler {
        await gate.waitIgnoringCancellation()
      } onCancel: {
        events.record("cancelled \(value)")
      }
      running.withLock { $0[key]! -= 1 }
      events.record("end \(value)")
    }
    debouncer.send("a1", forKey: "a")
    debouncer.send("b1", forKey: "b")
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(toMs: 300)
    try await events.waitForCountBounded(2, "a1 and b1 running at once")
    debouncer.send("a2", forKey: "a")
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(toMs: 600)
    // a2 is due: a1 is cancelled, and a2 waits for it to return.
    try await events.waitForCountBounded(3, "a1 to see its cancellation")
    #expect(events.values.last == "cancelled a1")
    #expect(!events.values.contains("start a2"))
    gate.open()
    try await debouncer.waitUntilIdleBounded()
    let log = events.values
    let endA1 = try #require(log.firstIndex(of: "end a1"))
    let startA2 = try #require(log.firstIndex(of: "start a2"))
    #expect(endA1 < startA2)
    #expect(mostAtOnce.withLock { $0.perKey } == 1)
    #expect(mostAtOnce.withLock { $0.overall } == 2)
    #expect(debouncer.keyCount == 0)
  }

  /// Leading edge and maxWait apply to each key from its own sends.
  @Test func leadingAndMaxWaitArePerKey() async throws {
    let fixture = KeyedFixture(options: DebounceOptions(leading: true, maxWait: .milliseconds(500)))
    for ms in stride(from: 0, through: 1400, by: 50) {
      try await fixture.advance(toMs: ms)
      if ms % 100 == 0 && ms <= 700 { fixture.debouncer.send("a\(ms)", forKey: "a") }
      if ms == 50 { fixture.debouncer.send("b50", forKey: "b") }
      try await fixture.debouncer.waitUntilQuiescentBounded()
    }
    try await fixture.debouncer.waitUntilIdleBounded()
    // a: a0 at once; a100...a500 keep postponing the trailing edge until maxWait, 500 after
    // a100, runs a500; a600 and a700 then run after the quiet period. b: one value, once.
    #expect(
      fixture.runs == [
        Ran(value: "a:a0", at: 0), Ran(value: "b:b50", at: 50), Ran(value: "a:a500", at: 600),
        Ran(value: "a:a700", at: 1000),
      ])
    #expect(fixture.debouncer.keyCount == 0, "both bursts are over")
  }

  @Test func leadingKeepsAKeyUntilItsBurstEnds() async throws {
    let fixture = KeyedFixture(options: .leading)
    fixture.debouncer.send("a1", forKey: "a")
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.debouncer.keyCount == 1, "its burst is open: a send now is not leading")
    try await fixture.advance(toMs: 200)
    fixture.debouncer.send("a2", forKey: "a")
    try await fixture.advance(toMs: 499)
    #expect(fixture.runs == [Ran(value: "a:a1", at: 0)])
    try await fixture.advance(toMs: 500)
    #expect(fixture.debouncer.keyCount == 0)
    fixture.debouncer.send("a3", forKey: "a")
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a:a1", at: 0), Ran(value: "a:a3", at: 500)])
  }

  @Test func toleranceIsPassedToTheClock() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    let debouncer = KeyedDebouncer(
      for: .milliseconds(300), tolerance: .milliseconds(7), clock: clock
    ) { (key: String, _: Int) in ran.record(key) }
    debouncer.send(1, forKey: "a")
    try await clock.manual.waitForSleepersBounded(count: 1)
    #expect(clock.tolerances.values == [.milliseconds(7)])
    await clock.manual.advance(toMs: 300)
    try await debouncer.waitUntilIdleBounded()
    #expect(ran.values == ["a"])
  }

  @Test func releasingTheDebouncerCancelsEveryKey() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    var debouncer: KeyedDebouncer<String, Int, ManualClock>? = KeyedDebouncer(
      for: .milliseconds(300), clock: clock
    ) { key, _ in ran.record(key) }
    debouncer?.send(1, forKey: "a")
    debouncer?.send(1, forKey: "b")
    try await clock.waitForSleepersBounded(count: 1)
    debouncer = nil
    await clock.advance(toMs: 1000)
    #expect(clock.sleeperCount == 0, "the timer task was cancelled with the debouncer")
    #expect(ran.values.isEmpty)
  }

  @Test func waitUntilIdleFromInsideTheActionStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      exitSuccessfully()
      let holder = Holder<KeyedDebouncer<Int, Int, ManualClock>>()
      let debouncer = KeyedDebouncer(for: .zero, clock: ManualClock()) { (_: Int, _: Int) in
        await holder.object?.waitUntilIdle()
      }
      holder.object = debouncer
      debouncer.send(1, forKey: 1)
      await debouncer.waitUntilIdle()
    }
    WaitingFromInsideTheActionTests.expectMessage(result, "KeyedDebouncer")
  }
}
