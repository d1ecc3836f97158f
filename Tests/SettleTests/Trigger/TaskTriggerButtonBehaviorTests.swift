// Package `tap`/`response(toTapWhileActive:)`: their public user, TaskTriggerButton, is SwiftUI.
import Foundation
import Settle
import SettleTestSupport
import Testing

@Suite("TaskTriggerButtonBehavior", .watched)
struct TaskTriggerButtonBehaviorTests {
  @Test(arguments: [TaskTriggerButtonBehavior.blocking, .cancellable, .restart])
  func tapWhileIdleStarts(behavior: TaskTriggerButtonBehavior) {
    #expect(behavior.response(toTapWhileActive: false) == .start)
    var trigger = PlainTaskTrigger()
    let id = UUID()
    trigger.tap(behavior, value: true, id: id)
    #expect(trigger.state == .active(value: true, id: id))
  }

  @Test func blockingIgnoresTapsWhileActive() {
    var trigger = PlainTaskTrigger()
    let id = UUID()
    trigger.tap(.blocking, value: true, id: id)
    trigger.tap(.blocking, value: true)
    #expect(trigger.state == .active(value: true, id: id))
  }

  @Test func cancellableCancelsWhileActive() {
    var trigger = PlainTaskTrigger()
    trigger.tap(.cancellable, value: true)
    trigger.tap(.cancellable, value: true)
    #expect(trigger.state == .none)
  }

  @Test func restartReplacesTheRequestWithAFreshID() {
    var trigger = PlainTaskTrigger()
    let first = UUID()
    let second = UUID()
    trigger.tap(.restart, value: true, id: first)
    trigger.tap(.restart, value: true, id: second)
    #expect(trigger.state == .active(value: true, id: second))
  }
}

/// The same behaviours driven through a runner, with real tasks.
@MainActor
@Suite("TaskTriggerButtonBehavior on a runner", .backstop(minutes: 1), .watched)
struct TaskTriggerButtonBehaviorRunnerTests {
  @Test func blockingKeepsTheRunningActionAlone() async throws {
    let probe = Probe<Bool>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.tap(.blocking, value: true)
    try await probe.waitUntilStarted(true)
    let running = runner.state
    runner.tap(.blocking, value: true)
    #expect(runner.state == running)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [true])
    #expect(probe.completions == [.init(value: true, wasCancelled: false)])
    #expect(runner.state == .none)
  }

  @Test func cancellableCancelsTheRunningAction() async throws {
    let probe = Probe<Bool>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.tap(.cancellable, value: true)
    try await probe.waitUntilStarted(true)
    runner.tap(.cancellable, value: true)
    #expect(runner.state == .none)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.started == [true])
    #expect(probe.completions == [.init(value: true, wasCancelled: true)])
  }

  @Test func restartRestartsAndTheOldRunsLateEndDoesNotStopTheNewOne() async throws {
    let probe = Probe<Bool>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.tap(.restart, value: true)
    try await probe.waitUntilStarted(true)
    runner.tap(.restart, value: true)
    try await probe.waitUntilStarted(true, times: 2)
    let restarted = runner.state

    probe.open(true)  // The first, cancelled run ends late.
    try await probe.waitUntilCompleted(count: 1)
    #expect(probe.completions == [.init(value: true, wasCancelled: true)])
    #expect(runner.state == restarted)
    #expect(runner.isRunning)

    probe.openAll()
    try await runner.waitUntilIdleBounded()
    #expect(probe.uncancelled == [true])
    #expect(runner.state == .none)
  }
}
