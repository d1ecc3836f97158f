// Hooks: no public API awaits a released runner's run (`inFlightTasks`) or shows a queued waiter.
import Foundation
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Lets an action reach the runner that runs it, for re-entrant calls.
@MainActor
private final class RunnerReference<Value: Equatable & Sendable> {
  weak var runner: TaskTriggerRunner<Value>?
}

@MainActor
@Suite("TaskTriggerRunner", .backstop(minutes: 1), .watched)
struct TaskTriggerRunnerTests {
  private func completion(_ value: Int, cancelled: Bool) -> Probe<Int>.Completion {
    .init(value: value, wasCancelled: cancelled)
  }

  @Test func startsAttachedAndIdle() async throws {
    let runner = TaskTriggerRunner<Int> { _ in }
    #expect(runner.state == .none)
    #expect(!runner.isRunning)
    try await runner.waitUntilIdleBounded()
  }

  @Test func runsTheActionAndResetsWhenItCompletes() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let runner = TaskTriggerRunner(priority: .high, action: probe.gatedAction)
    let id = UUID()
    runner.trigger(value: 5, id: id)
    #expect(runner.state == .active(value: 5, id: id))
    #expect(runner.isRunning)
    try await runner.waitUntilIdleBounded()
    #expect(probe.completions == [completion(5, cancelled: false)])
    #expect(runner.state == .none)
    #expect(!runner.isRunning, "a reset never starts a run")
    #expect(probe.started == [5])
  }

  @Test func eachRunReceivesTheValueItWasTriggeredWith() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    for value in 1...3 {
      runner.trigger(value: value)
      try await probe.waitUntilStarted(value)
    }
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1, 2, 3])
    #expect(
      probe.completions.sorted { $0.value < $1.value } == [
        completion(1, cancelled: true), completion(2, cancelled: true),
        completion(3, cancelled: false),
      ])
  }

  // The new run starts while the old action is still blocked (it ignores
  // cancellation); if the runner waited for the old one, this test would time out.
  @Test(arguments: [false, true])
  func newerTriggerCancelsAndRestartsWithoutWaiting(sameID: Bool) async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    let id = UUID()
    runner.trigger(value: 1, id: id)
    try await probe.waitUntilStarted(1)
    // Either the id or the value differs from the running request.
    let next = sameID ? 2 : 1
    runner.trigger(value: next, id: sameID ? id : UUID())
    try await probe.waitUntilStarted(next, times: sameID ? 1 : 2)
    #expect(probe.completions.isEmpty)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1, next])
    #expect(probe.completions.filter(\.wasCancelled).map(\.value) == [1])
    #expect(probe.uncancelled == [next])
    #expect(runner.state == .none)
  }

  @Test func sameValueAndIDWhileRunningIsIgnoredButRunsAgainAfterCompletion() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    let id = UUID()
    runner.trigger(value: 1, id: id)
    try await probe.waitUntilStarted(1)
    runner.trigger(value: 1, id: id)
    #expect(runner.state == .active(value: 1, id: id))
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.completions == [completion(1, cancelled: false)])

    runner.trigger(value: 1, id: id)
    #expect(runner.isRunning)
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1, 1])
    #expect(probe.uncancelled == [1, 1])
    #expect(runner.state == .none)
  }

  @Test func cancelResetsAtOnceCancelsTheActionAndStartsNothing() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    runner.cancel()
    #expect(runner.state == .none)
    #expect(!runner.isRunning)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1])
    #expect(probe.completions == [completion(1, cancelled: true)])
    #expect(runner.state == .none)
  }

  /// `cancel()` asserted, not inferred from a hang: the running action sees its cancellation
  /// while it is still held (its handler fires within the bound, or the test fails by name),
  /// and nothing of it runs afterwards: past its cancellation point it only notes that it
  /// stopped, and no run starts after it.
  @Test func cancelCancelsTheRunningActionAndNothingOfItRunsAfterwards() async throws {
    let events = ValueRecorder<String>()
    let gate = AsyncGate()
    let runner = TaskTriggerRunner<Int> { value in
      events.record("start \(value)")
      await withTaskCancellationHandler {
        await gate.waitIgnoringCancellation()
      } onCancel: {
        events.record("cancelled \(value)")
      }
      events.record(Task.isCancelled ? "stopped \(value)" : "finished \(value)")
    }
    runner.trigger(value: 1)
    try await events.waitForCountBounded(1, "the action to start")
    runner.cancel()
    try await events.waitForCountBounded(2, "the running action to see its cancellation")
    #expect(events.values == ["start 1", "cancelled 1"], "1 is still held at its gate")
    gate.open()
    try await runner.waitUntilIdleBounded()
    #expect(events.values == ["start 1", "cancelled 1", "stopped 1"])
    #expect(runner.state == .none)
    #expect(!runner.isRunning)
  }

  /// Two or three tasks in `waitUntilIdle()` at once all return once the run is done, and none
  /// before: they are queued while the action is held at its gate, and each one checks, as it
  /// returns, that the run has completed.
  ///
  /// `Task.immediate` runs each caller up to its suspension before it returns, so every caller
  /// is queued before the gate opens.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test(arguments: [2, 3])
  func concurrentWaitUntilIdleCallersAllReturnOnceTheRunIsDone(callers: Int) async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    let returned = MainBox<[Bool]>([])  // per caller: whether the run had completed
    let waiting = (1...callers).map { _ in
      Task.immediate {
        await runner.waitUntilIdle()
        returned.value.append(probe.completions.count == 1)
      }
    }
    #expect(returned.value.isEmpty, "no caller returns while the action is held")
    probe.openAll()
    for (index, caller) in waiting.enumerated() {
      try await caller.valueBounded("caller \(index + 1) of \(callers) to return")
    }
    #expect(returned.value == Array(repeating: true, count: callers))
  }

  // The rule of `Debouncer.waitUntilIdle()`, through the shared waiter queue: a cancelled
  // caller returns while the action still runs, whether it was cancelled before its task
  // started (it reaches the queue already cancelled) or once it is suspended in the queue.
  @Test(arguments: [false, true])
  func aCancelledWaitUntilIdleCallerReturnsWhileTheActionRuns(queued: Bool) async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    let waiter = Task { await runner.waitUntilIdle() }
    if queued {
      try await bounded("the caller to be queued") { @MainActor in
        while runner.idleWaiterCount == 0 { await Task.yield() }
      }
    }
    waiter.cancel()
    try await waiter.valueBounded("the cancelled waitUntilIdle() to return")
    #expect(probe.completions.isEmpty, "the action is still held at its gate")
    #expect(runner.isRunning)

    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.completions == [completion(1, cancelled: false)])
  }

  // A run cancelled before its task ran never calls the action.
  @Test func cancelBeforeTheRunStartsSkipsTheAction() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    runner.cancel()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started.isEmpty)
    #expect(runner.state == .none)
  }

  // The superseded run ends first, while the newer one still runs.
  @Test func lateEndOfASupersededRunNeitherResetsNorCancelsTheNewerOne() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    let id = UUID()
    runner.trigger(value: 2, id: id)
    try await probe.waitUntilStarted(2)
    probe.open(1)
    try await probe.waitUntilCompleted(count: 1)
    #expect(probe.completions == [completion(1, cancelled: true)])
    #expect(runner.state == .active(value: 2, id: id))
    #expect(runner.isRunning)

    probe.open(2)
    try await runner.waitUntilIdleBounded()
    #expect(probe.uncancelled == [2])
    #expect(runner.state == .none)
    #expect(probe.started == [1, 2], "a reset never starts a run")
  }

  // Cancel, then the same (value, id) again; the first run's late end must not
  // reset the repeat, although the state holds the same id.
  @Test func lateEndOfACancelledRunDoesNotResetARepeatedRequest() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    let id = UUID()
    runner.trigger(value: 1, id: id)
    try await probe.waitUntilStarted(1)
    runner.cancel()
    runner.trigger(value: 1, id: id)
    try await probe.waitUntilStarted(1, times: 2)
    probe.open(1)
    try await probe.waitUntilCompleted(count: 1)
    #expect(runner.state == .active(value: 1, id: id))
    #expect(runner.isRunning)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.completions == [completion(1, cancelled: true), completion(1, cancelled: false)])
    #expect(runner.state == .none)
  }

  // A cancelled completion of the current run resets too.
  @Test func cancelledCompletionOfTheCurrentRunResets() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    probe.onStart = { _ in withUnsafeCurrentTask { $0?.cancel() } }
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await runner.waitUntilIdleBounded()
    #expect(probe.completions == [completion(1, cancelled: true)])
    #expect(runner.state == .none)
    #expect(!runner.isRunning)
  }

  @Test func detachCancelsTheRunAndReattachDoesNotRerunIt() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    runner.detach()
    #expect(runner.state == .none)
    #expect(!runner.isRunning)
    runner.attach()
    #expect(!runner.isRunning)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1])
    #expect(probe.completions == [completion(1, cancelled: true)])
    #expect(runner.state == .none)
  }

  @Test func triggerWhileDetachedRunsOnAttach() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.detach()
    let id = UUID()
    runner.trigger(value: 2, id: id)
    #expect(runner.state == .active(value: 2, id: id))
    #expect(!runner.isRunning)
    try await runner.waitUntilIdleBounded()
    #expect(probe.started.isEmpty)

    runner.attach()
    #expect(runner.isRunning)
    try await runner.waitUntilIdleBounded()
    #expect(probe.uncancelled == [2])
    #expect(runner.state == .none)
  }

  // The running action is cancelled by the release; the weak reference proves that
  // runs do not keep the runner alive.
  @Test func releasingTheRunnerCancelsTheRunningAction() async throws {
    let clock = ManualClock()
    let probe = Probe<Int>()
    weak var released: TaskTriggerRunner<Int>?
    do {
      let runner = TaskTriggerRunner(action: probe.cooperativeAction(clock))
      released = runner
      runner.trigger(value: 1)
      try await clock.waitForSleepersBounded(count: 1)
    }
    #expect(released == nil)
    await clock.advance(by: .seconds(1))  // Lets a run that was not cancelled end anyway.
    try await probe.waitUntilCompleted(count: 1)
    #expect(probe.completions == [completion(1, cancelled: true)])
  }

  // A run whose task had not started when the runner went never calls the action. Nothing
  // public is left to wait on once the runner is gone, hence `inFlightTasks`.
  @Test func noActionStartsAfterTheRunnerIsReleased() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    weak var released: TaskTriggerRunner<Int>?
    var tasks: [Task<Void, Never>] = []
    do {
      let runner = TaskTriggerRunner(action: probe.gatedAction)
      released = runner
      runner.trigger(value: 1)
      tasks = runner.inFlightTasks
    }
    #expect(released == nil)
    for task in tasks { try await task.valueBounded("the released runner's run to end") }
    #expect(tasks.count == 1)
    #expect(probe.started.isEmpty)
  }

  // Issue 9, leak checks: once its run has completed, or been cancelled and has returned, a
  // runner is freed with its owner, and so is everything its action captured.
  @Test(arguments: ["completed", "cancelled"])
  func aRunnerAndItsActionAreFreedAfterUse(ending: String) async throws {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    let probe = Probe<Int>()
    weak var released: TaskTriggerRunner<Int>?
    do {
      let cooperative = probe.cooperativeAction(clock)
      let runner = TaskTriggerRunner<Int> { [token = lifetime.makeToken()] value in
        _ = token
        await cooperative(value)
      }
      released = runner
      runner.trigger(value: 1)
      try await clock.waitForSleepersBounded(count: 1)  // the action is running
      if ending == "completed" {
        await clock.advance(by: .seconds(1))
      } else {
        runner.cancel()
      }
      try await runner.waitUntilIdleBounded()
      #expect(lifetime.liveCount == 1)  // the runner still holds its action
    }
    #expect(released == nil)
    #expect(lifetime.liveCount == 0)
    #expect(probe.completions == [completion(1, cancelled: ending == "cancelled")])
  }

  // Cooperative actions, all triggers in one synchronous turn.
  @Test func burstInOneTurnCompletesOnlyTheLastValue() async throws {
    let clock = ManualClock()
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.cooperativeAction(clock))
    for value in 0..<100 { runner.trigger(value: value) }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await runner.waitUntilIdleBounded()
    #expect(probe.uncancelled == [99])
    #expect(runner.state == .none)
    #expect(!runner.isRunning)
  }

  // Cooperative actions, each trigger landing while the previous action runs. The
  // test waits for each action to start (a yield would only make that likely), so every
  // superseded action is known to have started and to be cancelled mid-run.
  @Test func burstWhileEachActionRunsCompletesOnlyTheLastValue() async throws {
    let clock = ManualClock()
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.cooperativeAction(clock))
    for value in 0..<100 {
      runner.trigger(value: value)
      try await probe.waitUntilStarted(value)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == Array(0..<100))
    // Cancelled actions resume in no fixed order, so compare by value.
    #expect(
      probe.completions.sorted { $0.value < $1.value }
        == (0..<99).map { completion($0, cancelled: true) } + [completion(99, cancelled: false)])
    #expect(runner.state == .none)
  }

  // Actions that ignore cancellation: the superseded ones are released first and
  // end late; they must not reset the state, and only the last one ends uncancelled.
  @Test(arguments: [false, true])
  func burstOfActionsIgnoringCancellationCompletesOnlyTheLastValue(yielding: Bool) async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    let ids = (0..<100).map { _ in UUID() }
    for value in 0..<100 {
      runner.trigger(value: value, id: ids[value])
      if yielding { await Task.yield() }
    }
    try await probe.waitUntilStarted(99)
    let superseded = probe.started.filter { $0 != 99 }
    for value in superseded { probe.open(value) }
    try await probe.waitUntilCompleted(count: superseded.count)
    #expect(runner.state == .active(value: 99, id: ids[99]), "a late end reset the state")
    #expect(runner.isRunning)

    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.uncancelled == [99])
    #expect(probe.completions.count == probe.started.count)
    #expect(runner.state == .none)
  }

  // Triggers from inside the action neither deadlock nor lose the newest one.
  @Test func triggerFromInsideTheActionRestartsWithTheNewestValue() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let reference = RunnerReference<Int>()
    probe.onStart = { value in
      guard value == 1 else { return }
      reference.runner?.trigger(value: 2)
      reference.runner?.trigger(value: 3)
    }
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    reference.runner = runner
    runner.trigger(value: 1)
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1, 3])
    #expect(probe.completions == [completion(1, cancelled: true), completion(3, cancelled: false)])
    #expect(runner.state == .none)
  }

  @Test func cancelFromInsideTheActionResetsAndCancelsItself() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let reference = RunnerReference<Int>()
    var stateAfterCancel: TaskTrigger<Int>.State?
    probe.onStart = { _ in
      reference.runner?.cancel()
      stateAfterCancel = reference.runner?.state
    }
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    reference.runner = runner
    runner.trigger(value: 1)
    try await runner.waitUntilIdleBounded()
    #expect(stateAfterCancel == TaskTrigger<Int>.State.none)
    #expect(probe.completions == [completion(1, cancelled: true)])
    #expect(runner.state == .none)
  }

  // Cancel, then trigger, from inside; the newest request still runs.
  @Test func cancelThenTriggerFromInsideTheActionRunsTheNewRequest() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let reference = RunnerReference<Int>()
    probe.onStart = { value in
      guard value == 1 else { return }
      reference.runner?.cancel()
      reference.runner?.trigger(value: 2)
    }
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    reference.runner = runner
    runner.trigger(value: 1)
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [1, 2])
    #expect(probe.uncancelled == [2])
    #expect(runner.state == .none)
  }

  // `isolatedCheck` is synchronous and main-actor isolated, so the action can call
  // it without `await` only because the action runs on the main actor.
  @Test func actionRunsOnTheMainActor() async throws {
    var ranIsolated = false
    func isolatedCheck() {
      MainActor.assertIsolated()
      ranIsolated = true
    }
    let probe = Probe<Int>()
    probe.openAll()
    probe.onStart = { _ in isolatedCheck() }
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await runner.waitUntilIdleBounded()
    #expect(ranIsolated)
  }
}
