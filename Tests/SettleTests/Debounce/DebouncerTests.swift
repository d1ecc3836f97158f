import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// One run of an action: its value and the virtual time at which it started.
struct Ran<Value: Equatable & Sendable>: Equatable, Sendable, CustomStringConvertible {
  var value: Value
  var at: Int

  var description: String { "\(value)@\(at)" }
}

/// A debouncer on a fresh ManualClock whose action records what ran and when.
struct DebounceFixture {
  let clock = ManualClock()
  let ran = ValueRecorder<Ran<String>>()
  let debouncer: Debouncer<String, ManualClock>

  init(interval: Int = 300, options: DebounceOptions = DebounceOptions()) {
    let clock = clock
    let ran = ran
    debouncer = Debouncer(for: .milliseconds(interval), options: options, clock: clock) { value in
      ran.record(Ran(value: value, at: clock.millis))
    }
  }

  var runs: [Ran<String>] { ran.values }

  /// Waits until the timer sleeps with the value still pending: nothing can start until the
  /// clock moves, so asserting "nothing ran" is meaningful. A value run too early would have
  /// left no timer to wait for, or would show in the runs checked after `waitUntilIdle()`.
  func settleAsleep(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await clock.waitForSleepersBounded(count: 1, sourceLocation: sourceLocation)
    #expect(debouncer.isPending, "the value still waits", sourceLocation: sourceLocation)
  }
}

@Suite("Debouncer", .watched)
struct DebouncerTests {
  // MARK: Trailing edge

  @Test func runsTheLastValueOnceAfterTheQuietPeriod() async throws {
    let fixture = DebounceFixture()
    fixture.debouncer.send("a")
    fixture.debouncer.send("ab")
    fixture.debouncer.send("abc")
    #expect(fixture.debouncer.isPending)
    await fixture.clock.advance(ms: 299)
    try await fixture.settleAsleep()
    #expect(fixture.runs.isEmpty)
    #expect(fixture.debouncer.isPending)
    // Inclusive: exactly one interval of quiet is enough.
    await fixture.clock.advance(ms: 1)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "abc", at: 300)])
    #expect(!fixture.debouncer.isPending)
  }

  @Test func everySendRestartsTheWait() async throws {
    let fixture = DebounceFixture()
    fixture.debouncer.send("a")
    await fixture.clock.advance(ms: 200)
    fixture.debouncer.send("b")
    await fixture.clock.advance(ms: 200)  // a's deadline (300) has passed, b's (500) has not
    try await fixture.settleAsleep()
    #expect(fixture.runs.isEmpty)
    await fixture.clock.advance(ms: 100)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "b", at: 500)])
  }

  @Test func separateBurstsEachRunTheirLastValue() async throws {
    let fixture = DebounceFixture()
    fixture.debouncer.send("a")
    await fixture.clock.advance(toMs: 100)
    fixture.debouncer.send("b")
    await fixture.clock.advance(toMs: 400)
    try await fixture.debouncer.waitUntilIdleBounded()
    await fixture.clock.advance(toMs: 1000)
    fixture.debouncer.send("c")
    await fixture.clock.advance(toMs: 1250)
    fixture.debouncer.send("d")
    await fixture.clock.advance(toMs: 1550)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "b", at: 400), Ran(value: "d", at: 1550)])
  }

  // MARK: Leading edge

  @Test func leadingAndTrailingRunOnceForABurstOfOne() async throws {
    let fixture = DebounceFixture(options: DebounceOptions(leading: true))
    fixture.debouncer.send("a")
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 0)])
    await fixture.clock.advance(ms: 1000)
    #expect(!fixture.debouncer.isPending)
    #expect(fixture.runs.count == 1)
  }

  @Test func leadingAndTrailingRunFirstAndLastOfALongerBurst() async throws {
    let fixture = DebounceFixture(options: DebounceOptions(leading: true))
    fixture.debouncer.send("a")
    try await fixture.ran.waitForCountBounded(1)
    fixture.debouncer.send("b")
    fixture.debouncer.send("c")
    await fixture.clock.advance(ms: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 0), Ran(value: "c", at: 300)])
  }

  @Test func leadingOnlyRunsTheFirstValueAndAQuietIntervalEndsTheBurst() async throws {
    let fixture = DebounceFixture(options: .leading)
    fixture.debouncer.send("a")
    try await fixture.debouncer.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 200)
    fixture.debouncer.send("b")  // 200 after a: same burst
    await fixture.clock.advance(ms: 250)
    fixture.debouncer.send("c")  // 250 after b: same burst
    #expect(!fixture.debouncer.isPending)
    await fixture.clock.advance(ms: 300)
    fixture.debouncer.send("d")  // exactly one interval of quiet: a new burst
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 0), Ran(value: "d", at: 750)])
  }

  // MARK: maxWait

  @Test func maxWaitBoundsHowLongContinuousSendsPostponeARun() async throws {
    let fixture = DebounceFixture(options: DebounceOptions(maxWait: .milliseconds(1000)))
    for step in 0...10 {
      await fixture.clock.advance(toMs: step * 200)
      // A value due now runs before the input of this instant (see the ManualClock rule).
      if step == 5 || step == 10 { try await fixture.debouncer.waitUntilIdleBounded() }
      fixture.debouncer.send("v\(step)")
    }
    await fixture.clock.advance(toMs: 2300)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(
      fixture.runs == [
        Ran(value: "v4", at: 1000), Ran(value: "v9", at: 2000), Ran(value: "v10", at: 2300),
      ])
  }

  @Test func maxWaitShorterThanTheIntervalIsRaisedToIt() async throws {
    let fixture = DebounceFixture(options: DebounceOptions(maxWait: .milliseconds(100)))
    fixture.debouncer.send("a")
    await fixture.clock.advance(ms: 100)
    try await fixture.settleAsleep()
    #expect(fixture.runs.isEmpty)
    await fixture.clock.advance(ms: 200)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 300)])
  }

  @Test func maxWaitDoesNothingWithoutTrailing() async throws {
    let fixture = DebounceFixture(
      options: DebounceOptions(leading: true, trailing: false, maxWait: .milliseconds(500)))
    for step in 0...10 {
      await fixture.clock.advance(toMs: step * 200)
      fixture.debouncer.send("v\(step)")
      try await fixture.debouncer.waitUntilIdleBounded()
    }
    await fixture.clock.advance(toMs: 5000)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "v0", at: 0)])
  }

  // MARK: cancel()

  @Test func cancelDropsThePendingValue() async throws {
    let fixture = DebounceFixture()
    fixture.debouncer.send("a")
    fixture.debouncer.cancel()
    #expect(!fixture.debouncer.isPending)
    await fixture.clock.advance(ms: 1000)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.clock.sleeperCount == 0)
    #expect(fixture.runs.isEmpty)
  }

  /// `cancel()` asserted, not inferred from a hang: the running action sees its cancellation
  /// while it is still held (its handler fires within the bound, or the test fails by name),
  /// and nothing of it runs afterwards: past its cancellation point it only notes that it
  /// stopped, and the value sent while it ran never runs.
  @Test func cancelCancelsTheRunningActionAndNothingOfItRunsAfterwards() async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { (value: String) in
      events.record("start \(value)")
      await withTaskCancellationHandler {
        await gate.waitIgnoringCancellation()
      } onCancel: {
        events.record("cancelled \(value)")
      }
      events.record(Task.isCancelled ? "stopped \(value)" : "finished \(value)")
    }
    debouncer.send("a")
    await clock.advance(ms: 300)
    try await events.waitForCountBounded(1, "the action to start")
    debouncer.send("b")  // pending behind the running a
    debouncer.cancel()
    try await events.waitForCountBounded(2, "the running action to see its cancellation")
    #expect(events.values == ["start a", "cancelled a"], "a is still held at its gate")
    gate.open()
    try await debouncer.waitUntilIdleBounded()
    await clock.advance(ms: 1000)
    try await debouncer.waitUntilIdleBounded()
    #expect(events.values == ["start a", "cancelled a", "stopped a"])
    #expect(clock.sleeperCount == 0)
  }

  @Test func theNextSendAfterCancelOpensANewBurst() async throws {
    let fixture = DebounceFixture(options: DebounceOptions(leading: true))
    fixture.debouncer.send("a")
    try await fixture.debouncer.waitUntilIdleBounded()
    fixture.debouncer.send("b")
    fixture.debouncer.cancel()
    fixture.debouncer.send("c")  // no quiet period passed, yet a new leading edge
    try await fixture.debouncer.waitUntilIdleBounded()
    await fixture.clock.advance(ms: 1000)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 0), Ran(value: "c", at: 0)])
  }

  /// The guarantee holds when the caller and the action share an actor, so both are on the
  /// main actor: a run claims its value and records it in one turn of the main actor, and
  /// `cancel()` and the count read are one turn too, so no run can fall between them.
  @Test @MainActor func nothingSentBeforeCancelRunsAfterItEvenWhenAlreadyDue() async throws {
    for _ in 0..<200 {
      let clock = ManualClock()
      let ran = MainBox<[String]>([])
      let debouncer = Debouncer(for: .milliseconds(300), clock: clock) {
        @MainActor (value: String) in
        ran.value.append(value)
      }
      debouncer.send("a")
      await clock.advance(ms: 300)  // due: the timer may already be dispatching it
      debouncer.cancel()
      let ranBeforeCancel = ran.value.count
      try await debouncer.waitUntilIdleBounded()
      #expect(ran.value.count == ranBeforeCancel)
    }
  }

  // MARK: flush()

  @Test func flushRunsThePendingValueNowAndReturnsAfterIt() async throws {
    let fixture = DebounceFixture()
    fixture.debouncer.send("a")
    try await fixture.debouncer.flushBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 0)])
    #expect(!fixture.debouncer.isPending)
    await fixture.clock.advance(ms: 1000)
    try await fixture.debouncer.waitUntilIdleBounded()
    #expect(fixture.runs.count == 1)  // never a second time on the timer
  }

  @Test func flushWithNothingPendingRunsNothing() async throws {
    let fixture = DebounceFixture()
    try await fixture.debouncer.flushBounded()
    fixture.debouncer.send("a")
    await fixture.clock.advance(ms: 300)
    try await fixture.debouncer.waitUntilIdleBounded()
    try await fixture.debouncer.flushBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 300)])
  }

  @Test func flushCancelsARunningActionAndRunsAfterItReturns() async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    let running = LockedCounter()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { (value: String) in
      events.record("start \(value) concurrent=\(running.increment())")
      if value == "a" {
        // Ignores cancellation until the test opens the gate, to prove b waits for it.
        await withTaskCancellationHandler {
          await gate.waitIgnoringCancellation()
        } onCancel: {
          events.record("a cancelled")
        }
      }
      running.decrement()
      events.record("end \(value)")
    }
    debouncer.send("a")
    await clock.advance(ms: 300)
    try await events.waitForCountBounded(1)
    debouncer.send("b")
    let flushed = Task { await debouncer.flush() }
    try await events.waitForCountBounded(2)
    gate.open()
    try await flushed.valueBounded("flush() to return after a and b ran")
    #expect(
      events.values == [
        "start a concurrent=1", "a cancelled", "end a", "start b concurrent=1", "end b",
      ])
  }

  @Test func flushWaitsForALeadingValueThatHasNotStarted() async throws {
    let fixture = DebounceFixture(options: .leading)
    fixture.debouncer.send("a")
    try await fixture.debouncer.flushBounded()
    #expect(fixture.runs == [Ran(value: "a", at: 0)])
  }

  // MARK: No stale start

  // See DebouncerSteppedActorTests: the check needs a stepped actor.

  // MARK: No overlap

  @Test func aNewDueValueCancelsTheRunningActionAndStartsAfterItReturns() async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    let running = LockedCounter()
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { (value: String) in
      events.record("start \(value) concurrent=\(running.increment())")
      if value == "a" {
        await withTaskCancellationHandler {
          await gate.waitIgnoringCancellation()
        } onCancel: {
          events.record("a cancelled")
        }
      }
      running.decrement()
    }
    debouncer.send("a")
    await clock.advance(ms: 300)
    try await events.waitForCountBounded(1)
    debouncer.send("b")
    await clock.advance(ms: 300)
    try await events.waitForCountBounded(2)  // b became due and cancelled a, which still runs
    #expect(debouncer.isPending)
    gate.open()
    try await debouncer.waitUntilIdleBounded()
    #expect(events.values == ["start a concurrent=1", "a cancelled", "start b concurrent=1"])
  }

  // MARK: isPending and waitUntilIdle

  // Due-but-not-started: see DebouncerSteppedActorTests.

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
    let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { (value: String) in
      events.record("start \(value)")
      await gate.wait()
      events.record("end \(value)")
    }
    debouncer.send("a")
    await clock.advance(ms: 300)
    try await events.waitForCountBounded(1, "the action to start")
    let returned = ValueRecorder<Bool>()  // per caller: whether the action had ended
    let waiting = (1...callers).map { _ in
      Task.immediate {
        await debouncer.waitUntilIdle()
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

  // MARK: Lifetime

  @Test func releasingTheDebouncerCancelsPendingWorkAndReleasesTheAction() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let lifetime = LifetimeTracker()
    var debouncer: Debouncer<Int, ManualClock>? = Debouncer(
      for: .milliseconds(300), clock: clock
    ) { [token = lifetime.makeToken()] value in
      _ = token
      ran.record(value)
    }
    debouncer?.send(1)
    try await clock.waitForSleepersBounded(count: 1)
    debouncer = nil
    #expect(lifetime.liveCount == 0)
    await clock.advance(ms: 1000)
    #expect(clock.sleeperCount == 0)
    #expect(ran.values.isEmpty)
  }

  @Test func releasingTheDebouncerCancelsARunningAction() async throws {
    let clock = ManualClock()
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    var debouncer: Debouncer<Int, ManualClock>? = Debouncer(for: .zero, clock: clock) { _ in
      events.record("start")
      await withTaskCancellationHandler {
        await gate.wait()
      } onCancel: {
        events.record("cancelled")
      }
    }
    debouncer?.send(1)
    try await events.waitForCountBounded(1)
    debouncer = nil
    try await events.waitForCountBounded(2)
    gate.open()
    #expect(events.values == ["start", "cancelled"])
  }

  // MARK: Zero and negative intervals

  @Test @MainActor func aZeroIntervalRunsOnALaterTurnNeverInsideSend() async throws {
    let clock = ManualClock()
    let insideSend = MainBox(false)
    let sawInsideSend = MainBox<[Bool]>([])
    let debouncer = Debouncer(for: .zero, clock: clock) { @MainActor (_: Int) in
      sawInsideSend.value.append(insideSend.value)
    }
    insideSend.value = true
    debouncer.send(1)
    insideSend.value = false
    #expect(sawInsideSend.value.isEmpty)
    try await debouncer.waitUntilIdleBounded()
    #expect(sawInsideSend.value == [false])
    #expect(clock.now.offset == .zero)
  }

  @Test func negativeIntervalOrMaxWaitIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = Debouncer(for: .milliseconds(-1), clock: ManualClock()) { (_: Int) in }
    }
    await #expect(processExitsWith: .failure) {
      _ = DebounceOptions(maxWait: .seconds(-1))
    }
    await #expect(processExitsWith: .failure) {
      _ = DebounceOptions(leading: false, trailing: false)
    }
  }

  @Test func continuousClockConvenienceRunsOnRealTime() async throws {
    let ran = ValueRecorder<Int>()
    let debouncer = Debouncer(for: .zero) { (value: Int) in ran.record(value) }
    debouncer.send(7)
    try await debouncer.waitUntilIdleBounded()
    #expect(ran.values == [7])
  }
}
