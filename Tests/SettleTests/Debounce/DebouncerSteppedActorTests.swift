import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Debouncer guarantees about the moment between "a run was dispatched" and "its action
/// started", observed by holding the start on ``SteppedActor``.
///
/// Serialized: ``SteppedActor`` is one global queue, and a test that drains it would run
/// another test's held jobs.
@Suite("Debouncer on a stepped actor", .serialized, .watched)
struct DebouncerSteppedActorTests {
  // MARK: No stale start

  /// The action is isolated to an actor whose queue the test steps by hand, so the test can
  /// act while the run's start is enqueued on that actor and has not run yet: exactly the
  /// moment a UI event lands between "the timer fired" and "the action starts".
  @Test(.serialized, arguments: ["send", "cancel"])
  func noActionForAnEarlierValueStartsAfterSendOrCancelReturns(call: String) async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let debouncer = Debouncer(for: .milliseconds(10), clock: clock) {
      @SteppedActor (value: String) in
      ran.record(value)
    }
    for round in 0..<50 {
      debouncer.send("a\(round)")
      await clock.advance(ms: 10)
      try await SteppedActor.executor.waitForJobs(1)  // a's start waits on the actor
      if call == "send" { debouncer.send("b\(round)") } else { debouncer.cancel() }
      SteppedActor.executor.drain()
      if call == "cancel" { try await debouncer.waitUntilIdleBounded() }
      await clock.advance(ms: 10)
      if call == "send" {
        try await SteppedActor.executor.waitForJobs(1)
        SteppedActor.executor.drain()
      }
      try await debouncer.waitUntilIdleBounded()
    }
    let expected = call == "send" ? (0..<50).map { "b\($0)" } : []
    #expect(ran.values == expected)
  }

  // MARK: isPending and waitUntilIdle

  /// The run's start is held on a stepped actor, so the value is really due and not started
  /// while the test looks. `Task.immediate` runs `flush()` and `waitUntilIdle()` up to their
  /// first suspension before it returns, so both have seen that state before the actor runs.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func aDueValueCountsAsPendingUntilItStartsAndFlushRunsIt() async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock) {
      @SteppedActor (value: Int) in
      events.record("ran \(value)")
    }
    #expect(!debouncer.isPending)
    debouncer.send(1)
    await clock.advance(ms: 300)
    try await SteppedActor.executor.waitForJobs(1)  // the timer dispatched it; its start waits
    #expect(debouncer.isPending)
    let flushed = Task.immediate {
      await debouncer.flush()
      events.record("flushed")
    }
    let idle = Task.immediate {
      await debouncer.waitUntilIdle()
      events.record("idle")
    }
    #expect(events.values.isEmpty)  // neither returned before the due value ran
    #expect(debouncer.isPending)
    let stepping = Task {
      while !Task.isCancelled {
        try await SteppedActor.executor.waitForJobs(1)
        SteppedActor.executor.drain()
      }
    }
    try await flushed.valueBounded("flush() to return once the due value ran")
    try await idle.valueBounded("waitUntilIdle() to return once the due value ran")
    stepping.cancel()
    try await stepping.valueBounded("the stepping task to stop")
    #expect(events.values.first == "ran 1")
    #expect(events.values.sorted() == ["flushed", "idle", "ran 1"])
    #expect(!debouncer.isPending)
  }
}
