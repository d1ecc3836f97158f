import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("Throttler", .watched)
struct ThrottlerTests {
  struct Fixture {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<String>>()
    let throttler: Throttler<String, ManualClock>

    init(latest: Bool = true) {
      let clock = clock
      let ran = ran
      throttler = Throttler(
        for: .milliseconds(300), mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd, clock: clock
      ) { value in
        ran.record(Ran(value: value, at: clock.millis))
      }
    }
  }

  @Test func firstValueRunsAtOnceAndTheNewestRunsAtTheWindowsEndOnTheTimer() async throws {
    let fixture = Fixture()
    fixture.throttler.send("a")
    try await fixture.ran.waitForCountBounded(1)
    fixture.throttler.send("b")
    fixture.throttler.send("c")
    await fixture.clock.advance(ms: 299)
    try await fixture.clock.waitForSleepersBounded(count: 1)
    #expect(fixture.ran.values == [Ran(value: "a", at: 0)])
    await fixture.clock.advance(ms: 1)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "c", at: 300)])
  }

  @Test func firstModeRunsTheFirstValueOfTheWindow() async throws {
    let fixture = Fixture(latest: false)
    fixture.throttler.send("a")
    try await fixture.ran.waitForCountBounded(1)
    fixture.throttler.send("b")
    fixture.throttler.send("c")
    await fixture.clock.advance(ms: 300)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 300)])
  }

  @Test func aQuietWindowClosesAndTheNextValueRunsAtOnce() async throws {
    let fixture = Fixture()
    fixture.throttler.send("a")
    try await fixture.throttler.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 300)
    fixture.throttler.send("b")
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 300)])
  }

  @Test func cancelDropsTheWaitingValueAndClosesTheWindow() async throws {
    let fixture = Fixture()
    fixture.throttler.send("a")
    try await fixture.throttler.waitUntilIdleBounded()
    fixture.throttler.send("b")
    fixture.throttler.cancel()
    #expect(!fixture.throttler.isPending)
    fixture.throttler.send("c")  // the window is closed: runs at once
    try await fixture.throttler.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 1000)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "c", at: 0)])
  }

  /// `cancel()` asserted, not inferred from a hang: the running action sees its cancellation
  /// while it is still held (its handler fires within the bound, or the test fails by name),
  /// and nothing of it runs afterwards: past its cancellation point it only notes that it
  /// stopped, and the value waiting for the window's end never runs.
  @Test func cancelCancelsTheRunningActionAndNothingOfItRunsAfterwards() async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    let throttler = Throttler(for: .milliseconds(300), clock: clock) { (value: String) in
      events.record("start \(value)")
      await withTaskCancellationHandler {
        await gate.waitIgnoringCancellation()
      } onCancel: {
        events.record("cancelled \(value)")
      }
      events.record(Task.isCancelled ? "stopped \(value)" : "finished \(value)")
    }
    throttler.send("a")  // opens the window: runs at once
    try await events.waitForCountBounded(1, "the action to start")
    throttler.send("b")  // waits for the window's end
    throttler.cancel()
    try await events.waitForCountBounded(2, "the running action to see its cancellation")
    #expect(events.values == ["start a", "cancelled a"], "a is still held at its gate")
    gate.open()
    try await throttler.waitUntilIdleBounded()
    await clock.advance(ms: 1000)
    try await throttler.waitUntilIdleBounded()
    #expect(events.values == ["start a", "cancelled a", "stopped a"])
    #expect(clock.sleeperCount == 0)
  }

  /// Two or three tasks in `waitUntilIdle()` at once all return once the work is done, and none
  /// before: they are queued while the action is held at its gate, and each one checks, as it
  /// returns, that the action has ended.
  ///
  /// `Task.immediate` runs each caller up to its suspension before it returns, so every caller
  /// is queued before the gate opens.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test(arguments: [2, 3])
  func concurrentWaitUntilIdleCallersAllReturnOnceTheWorkIsDone(callers: Int) async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    let throttler = Throttler(for: .milliseconds(300), clock: clock) { (value: String) in
      events.record("start \(value)")
      await gate.wait()
      events.record("end \(value)")
    }
    throttler.send("a")  // opens the window: runs at once
    try await events.waitForCountBounded(1, "the action to start")
    let returned = ValueRecorder<Bool>()  // per caller: whether the action had ended
    let waiting = (1...callers).map { _ in
      Task.immediate {
        await throttler.waitUntilIdle()
        returned.record(events.values.contains("end a"))
      }
    }
    #expect(returned.values.isEmpty, "no caller returns while the action is held")
    gate.open()
    for (index, caller) in waiting.enumerated() {
      try await caller.valueBounded("caller \(index + 1) of \(callers) to return")
    }
    #expect(returned.values == Array(repeating: true, count: callers))
  }

  @Test func flushRunsTheWaitingValueNow() async throws {
    let fixture = Fixture()
    fixture.throttler.send("a")
    fixture.throttler.send("b")
    try await fixture.throttler.flushBounded()
    #expect(fixture.ran.values.map(\.value) == ["a", "b"])
    await fixture.clock.advance(ms: 1000)
    try await fixture.throttler.waitUntilIdleBounded()
    #expect(fixture.ran.count == 2)
  }

  @Test func releasingTheThrottlerReleasesTheActionAndRunsNothingMore() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let lifetime = LifetimeTracker()
    var throttler: Throttler<Int, ManualClock>? = Throttler(
      for: .milliseconds(300), clock: clock
    ) { [token = lifetime.makeToken()] value in
      _ = token
      ran.record(value)
    }
    throttler?.send(1)
    try await throttler?.waitUntilIdleBounded()
    throttler?.send(2)
    try await clock.waitForSleepersBounded(count: 1)
    throttler = nil
    #expect(lifetime.liveCount == 0)
    await clock.advance(ms: 1000)
    #expect(ran.values == [1])
  }

  @Test func negativeIntervalIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = Throttler(for: .seconds(-1), clock: ManualClock()) { (_: Int) in }
    }
  }
}
