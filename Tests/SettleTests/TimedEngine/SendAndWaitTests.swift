// Hooks: `inputsSent` orders concurrent `sendAndWait` calls and `sendWaiterCount` shows the
// callers still waiting; no public API shows when a task's call has sent, or who still waits.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `sendAndWait` returns when the run that covers its value has returned, and says how the
/// value ended; it never returns early for a value a run will still cover.
@Suite("sendAndWait", .watched)
struct SendAndWaitTests {
  /// Starts `sendAndWait(value)` in a task and returns once the value has been sent, so that
  /// the test orders its sends; the task's value is the outcome.
  static func sendAndWait<Owner: TimedRunsOwner>(
    _ value: Owner.Machine.Input.Payload, to owner: Owner,
    _ send: @escaping @Sendable (Owner.Machine.Input.Payload) async throws -> SendOutcome
  ) async throws -> Task<SendOutcome, any Error> {
    try await startedCall("\(value)", sent: owner.inputsSent) { try await send(value) }
  }

  @Test func eachValueOfABurstLearnsWhetherItRanOrWasSuperseded() async throws {
    let clock = ManualClock()
    let running = AsyncGate()
    let ran = ValueRecorder<String>()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { (value: String) in
      ran.record(value)
      await running.wait()
    }
    var waits: [Task<SendOutcome, any Error>] = []
    for value in ["a", "b", "c"] {
      waits.append(
        try await Self.sendAndWait(value, to: debouncer) { try await debouncer.sendAndWait($0) })
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(300))
    try await ran.waitForCountBounded(1)
    // The run of c has started but not returned: every caller still waits.
    #expect(debouncer.sendWaiterCount == 3)
    running.open()
    var outcomes: [SendOutcome] = []
    for wait in waits { outcomes.append(try await bounded("the outcome") { try await wait.value }) }
    #expect(outcomes == [.superseded, .superseded, .ran])
    #expect(debouncer.sendWaiterCount == 0)
    #expect(ran.values == ["c"])
  }

  @Test func aCancelledValueIsDroppedAtTheCancel() async throws {
    let clock = ManualClock()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (_: Int) in }
    let wait = try await Self.sendAndWait(1, to: debouncer) { try await debouncer.sendAndWait($0) }
    debouncer.cancel()
    #expect(try await bounded("the outcome") { try await wait.value } == .dropped)
  }

  @Test func aValueTheRulesLeaveOutIsDroppedAtOnce() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let debouncer = Debouncer(for: .seconds(1), options: .leading, clock: clock) {
      (value: Int) in ran.record(value)
    }
    let first = try await Self.sendAndWait(1, to: debouncer) { try await debouncer.sendAndWait($0) }
    #expect(try await bounded("the leading run") { try await first.value } == .ran)
    // Inside the burst that 1 opened: leading only, so 2 never runs.
    #expect(try await bounded("the outcome") { try await debouncer.sendAndWait(2) } == .dropped)
    #expect(ran.values == [1])
  }

  @Test func foldedValuesLearnTheyWereFolded() async throws {
    let clock = ManualClock()
    let batches = ValueRecorder<[Int]>()
    let batcher = FoldingDebouncer(for: .seconds(1), folding: .collect, clock: clock) {
      (values: [Int]) in batches.record(values)
    }
    let first = try await Self.sendAndWait(1, to: batcher) { try await batcher.sendAndWait($0) }
    let second = try await Self.sendAndWait(2, to: batcher) { try await batcher.sendAndWait($0) }
    try await batcher.flushBounded()
    #expect(try await bounded("1's outcome") { try await first.value } == .folded)
    #expect(try await bounded("2's outcome") { try await second.value } == .ran)
    #expect(batches.values == [[1, 2]])
  }

  @Test(arguments: [(true, SendOutcome.superseded, SendOutcome.ran), (false, .ran, .dropped)])
  func aThrottlersWindowDecidesWhichValueRuns(
    latest: Bool, second: SendOutcome, third: SendOutcome
  ) async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let throttler = Throttler(
      for: .seconds(1), mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd, clock: clock
    ) {
      (value: Int) in ran.record(value)
    }
    var started: [Task<SendOutcome, any Error>] = []
    for value in 1...3 {
      started.append(
        try await Self.sendAndWait(value, to: throttler) { try await throttler.sendAndWait($0) })
    }
    let waits = started
    #expect(try await bounded("1 opens the window") { try await waits[0].value } == .ran)
    if third == .dropped {
      #expect(try await bounded("3 left out") { try await waits[2].value } == .dropped)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await bounded("2's outcome") { try await waits[1].value } == second)
    #expect(try await bounded("3's outcome") { try await waits[2].value } == third)
    #expect(ran.values == (latest ? [1, 3] : [1, 2]))
  }

  @Test func aValueWhoseRunWasCancelledWhileRunningStillRan() async throws {
    let clock = ManualClock()
    let started = ValueRecorder<Int>()
    let debouncer = Debouncer(for: .zero, clock: clock) { (value: Int) in
      started.record(value)
      if value == 1 { await AsyncGate().wait() }  // until 2 cancels it
    }
    let first = try await Self.sendAndWait(1, to: debouncer) { try await debouncer.sendAndWait($0) }
    try await started.waitForCountBounded(1)
    let second = try await Self.sendAndWait(2, to: debouncer) {
      try await debouncer.sendAndWait($0)
    }
    #expect(try await bounded("1's outcome") { try await first.value } == .ran)
    #expect(try await bounded("2's outcome") { try await second.value } == .ran)
    #expect(started.values == [1, 2])
  }

  @Test func aCancelledCallerStopsWaitingAndTheValueStillRuns() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: Int) in ran.record(value) }
    let wait = try await Self.sendAndWait(1, to: debouncer) { try await debouncer.sendAndWait($0) }
    wait.cancel()
    let result = try await bounded("the cancelled wait") { await wait.result }
    #expect(throws: CancellationError.self) { try result.get() }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await ran.waitForCountBounded(1)
    #expect(ran.values == [1])
  }
}
