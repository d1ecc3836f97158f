// Hooks: `inputsSent` orders concurrent `sendAndWait` calls, `sendWaiterCount` shows who still
// waits and `claimedKeysRemembered` that nothing is kept for them afterwards: none is public.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `sendAndWait(_:forKey:)` returns when the run of its key that covers its value has
/// returned, and says how the value ended; other keys never settle it.
@Suite("KeyedDebouncer.sendAndWait", .watched)
struct KeyedSendAndWaitTests {
  /// Starts `sendAndWait(value, forKey:)` in a task and returns once the value has been sent,
  /// so that the test orders its sends; the task's value is the outcome.
  static func sendAndWait<Folding: RunFold>(
    _ value: Folding.Input, forKey key: String,
    to debouncer: KeyedDebouncing<String, Folding, ManualClock, Void, Never>
  ) async throws -> Task<SendOutcome, any Error> {
    let before = debouncer.inputsSent
    let task = Task { try await debouncer.sendAndWait(value, forKey: key) }
    try await bounded("\(value) for \(key) to be sent") {
      while debouncer.inputsSent == before { await Task.yield() }
    }
    return task
  }

  static func outcome(_ task: Task<SendOutcome, any Error>) async throws -> SendOutcome {
    try await bounded("the outcome") { try await task.value }
  }

  @Test func eachValueOfAKeysBurstLearnsWhetherItRanAndOtherKeysDoNotSettleIt() async throws {
    let clock = ManualClock()
    let gate = AsyncGate()
    let ran = ValueRecorder<String>()
    let debouncer = KeyedDebouncer(for: .milliseconds(300), clock: clock) {
      (key: String, value: String) in
      ran.record("\(key):\(value)")
      if key == "a" { await gate.wait() }
    }
    let a1 = try await Self.sendAndWait("a1", forKey: "a", to: debouncer)
    let a2 = try await Self.sendAndWait("a2", forKey: "a", to: debouncer)
    let b1 = try await Self.sendAndWait("b1", forKey: "b", to: debouncer)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(300))
    #expect(try await Self.outcome(b1) == .ran, "b's run returns while a's is held")
    try await ran.waitForCountBounded(2)
    #expect(debouncer.sendWaiterCount == 2, "a's callers wait for a's run, not b's")
    gate.open()
    #expect(try await Self.outcome(a1) == .superseded)
    #expect(try await Self.outcome(a2) == .ran)
    #expect(Set(ran.values) == ["a:a2", "b:b1"])
    #expect(debouncer.sendWaiterCount == 0)
    #expect(debouncer.claimedKeysRemembered == 0, "nothing is kept once every caller is settled")
  }

  @Test func cancelForAKeyDropsOnlyThatKeysCallers() async throws {
    let clock = ManualClock()
    let debouncer = KeyedDebouncer(for: .seconds(1), clock: clock) { (_: String, _: Int) in }
    let a = try await Self.sendAndWait(1, forKey: "a", to: debouncer)
    let b = try await Self.sendAndWait(2, forKey: "b", to: debouncer)
    debouncer.cancel(forKey: "a")
    #expect(try await Self.outcome(a) == .dropped)
    #expect(debouncer.sendWaiterCount == 1, "b still waits for its run")
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.outcome(b) == .ran)
  }

  @Test func aCallerWhoseRunIsUnderWayWhenCancelledLearnsItRan() async throws {
    let clock = ManualClock()
    let gate = AsyncGate()
    let started = ValueRecorder<Int>()
    let debouncer = KeyedDebouncer(for: .milliseconds(300), clock: clock) {
      (_: String, value: Int) in
      started.record(value)
      await gate.wait()
    }
    let running = try await Self.sendAndWait(1, forKey: "a", to: debouncer)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(300))
    try await started.waitForCountBounded(1)
    let pending = try await Self.sendAndWait(2, forKey: "a", to: debouncer)
    debouncer.cancel()
    #expect(try await Self.outcome(pending) == .dropped, "2 had no run yet")
    gate.open()
    #expect(try await Self.outcome(running) == .ran, "1's run had started: it ran, cancelled")
  }

  @Test func foldedValuesLearnTheyWereFolded() async throws {
    let clock = ManualClock()
    let debouncer = FoldingKeyedDebouncer(
      for: .milliseconds(300), folding: .collect, clock: clock
    ) { (_: String, _: [Int]) in }
    let first = try await Self.sendAndWait(1, forKey: "a", to: debouncer)
    let second = try await Self.sendAndWait(2, forKey: "a", to: debouncer)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(300))
    #expect(try await Self.outcome(first) == .folded)
    #expect(try await Self.outcome(second) == .ran)
  }

  @Test func aValueTheRulesLeaveOutIsDroppedAtOnce() async throws {
    let clock = ManualClock()
    let debouncer = KeyedDebouncer(
      for: .seconds(1), options: DebounceOptions(leading: true, trailing: false), clock: clock
    ) { (_: String, _: Int) in }
    #expect(try await debouncer.sendAndWait(1, forKey: "a") == .ran, "the leading value runs")
    #expect(
      try await debouncer.sendAndWait(2, forKey: "a") == .dropped,
      "inside the burst, with no trailing edge, nothing will run it")
    #expect(try await debouncer.sendAndWait(3, forKey: "b") == .ran, "b has its own burst")
  }

  @Test func aCancelledCallerStopsWaitingAndItsValueStaysSent() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let debouncer = KeyedDebouncer(for: .seconds(1), clock: clock) {
      (_: String, value: Int) in ran.record(value)
    }
    let wait = try await Self.sendAndWait(7, forKey: "a", to: debouncer)
    wait.cancel()
    await #expect(throws: CancellationError.self) { try await wait.value }
    #expect(debouncer.sendWaiterCount == 0)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await ran.waitForCountBounded(1)
    #expect(ran.values == [7])
  }

  /// Memory follows the keys pending or running even while some caller always waits: a key's
  /// claim mark goes when its run returns, not only when no caller is left.
  @Test func claimMarksOfFinishedKeysGoWhileAnotherCallerWaits() async throws {
    let clock = ManualClock()
    let gate = AsyncGate()
    let debouncer = KeyedDebouncer(for: .milliseconds(100), clock: clock) {
      (key: String, _: Int) in
      if key == "slow" { await gate.wait() }
    }
    let slow = try await Self.sendAndWait(0, forKey: "slow", to: debouncer)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(100))
    for index in 1...20 {
      let wait = try await Self.sendAndWait(index, forKey: "k\(index)", to: debouncer)
      try await clock.waitForSleepersBounded(count: 1)
      await clock.advance(by: .milliseconds(100))
      #expect(try await Self.outcome(wait) == .ran)
    }
    #expect(debouncer.keyCount == 1, "only the slow key is running")
    #expect(debouncer.claimedKeysRemembered <= 1, "no mark is kept for a key whose run returned")
    gate.open()
    #expect(try await Self.outcome(slow) == .ran)
    #expect(debouncer.claimedKeysRemembered == 0)
  }
}
