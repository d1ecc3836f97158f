import Foundation
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Issue 4, observation: the runner's `state` and `isRunning` are tracked properties.
@MainActor
@Suite("TaskTriggerRunner observation", .backstop(minutes: 1), .watched)
struct TaskTriggerRunnerObservationTests {
  /// Arms one after-store scope that reads `read`, and returns the log it writes to.
  private func watch(_ read: () -> Void) -> CallLog {
    let log = CallLog()
    withTracking(read) { log.record("changed") }
    return log
  }

  @Test func stateFiresOnTrigger() {
    let runner = TaskTriggerRunner<Int> { _ in }
    let seen = ValueRecorder<TaskTrigger<Int>.State>()
    withTracking {
      _ = runner.state
    } didChange: {
      MainActor.assumeIsolated { seen.record(runner.state) }
    }
    let id = UUID()
    runner.trigger(value: 4, id: id)
    #expect(seen.values == [.active(value: 4, id: id)])
  }

  @Test func isRunningFiresOnTrigger() {
    let runner = TaskTriggerRunner<Int> { _ in }
    let log = watch { _ = runner.isRunning }
    runner.trigger(value: 4)
    #expect(log.count == 1)
  }

  @Test func stateAndIsRunningFireOnTheCompletionReset() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    let stateLog = watch { _ = runner.state }
    let runningLog = watch { _ = runner.isRunning }
    #expect(stateLog.count == 0 && runningLog.count == 0)
    probe.open(1)
    try await runner.waitUntilIdleBounded()
    #expect(runner.state == .none)
    #expect(stateLog.count == 1)
    #expect(runningLog.count == 1)
  }

  @Test func aSupersededRunsLateFinishFiresNoReset() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.trigger(value: 1)
    try await probe.waitUntilStarted(1)
    runner.trigger(value: 2)
    try await probe.waitUntilStarted(2)
    let stateLog = watch { _ = runner.state }
    let runningLog = watch { _ = runner.isRunning }
    probe.open(1)
    // The run tells the runner it returned in the same main-actor turn as the action's last
    // step, so once the completion is recorded and this test runs again, the runner knows.
    try await probe.waitUntilCompleted(count: 1)
    #expect(stateLog.count == 0)
    #expect(runningLog.count == 0)

    probe.open(2)
    try await runner.waitUntilIdleBounded()
    #expect(stateLog.count == 1)
    #expect(runningLog.count == 1)
  }

  @Test func cancelFiresAndARepeatedRequestDoesNot() async throws {
    let probe = Probe<Int>()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    let id = UUID()
    runner.trigger(value: 1, id: id)
    let log = watch { _ = runner.state }
    runner.trigger(value: 1, id: id)  // the same request while it runs: no change
    #expect(log.count == 0)
    runner.cancel()
    #expect(log.count == 1)
    probe.openAll()
    try await runner.waitUntilIdleBounded()
  }

  @Test func aRequestWhileDetachedChangesStateButNotIsRunningUntilAttach() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    runner.detach()
    let stateLog = watch { _ = runner.state }
    let runningLog = watch { _ = runner.isRunning }
    runner.trigger(value: 1)
    #expect(stateLog.count == 1)
    #expect(runningLog.count == 0)

    let stateAgain = watch { _ = runner.state }
    runner.attach()
    #expect(runningLog.count == 1)
    #expect(stateAgain.count == 0)
    try await runner.waitUntilIdleBounded()
  }

  @Test func aTriggerFromAWillSetCallbackIsNotLost() async throws {
    let probe = Probe<Int>()
    probe.openAll()
    let runner = TaskTriggerRunner(action: probe.gatedAction)
    withTracking {
      _ = runner.state
    } onChange: {
      MainActor.assumeIsolated { runner.trigger(value: 9) }
    }
    runner.trigger(value: 1)
    try await runner.waitUntilIdleBounded()
    // The callback's trigger ran first; the outer one, applied after, supersedes it.
    #expect(probe.uncancelled == [1])
    #expect(runner.state == .none)
  }
}
