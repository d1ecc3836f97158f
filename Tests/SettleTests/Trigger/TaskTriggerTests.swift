import Foundation
import Settle
import SettleTestSupport
import Testing

@Suite("TaskTrigger")
struct TaskTriggerTests {
  @Test func startsWithNothingRequested() {
    #expect(TaskTrigger<Int>().state == .none)
    #expect(TaskTrigger<Int>() == TaskTrigger<Int>())
  }

  @Test func triggerAndCancel() {
    var trigger = TaskTrigger<String>()
    let id = UUID()
    trigger.trigger(value: "a", id: id)
    #expect(trigger.state == .active(value: "a", id: id))
    trigger.cancel()
    #expect(trigger.state == .none)
  }

  @Test func defaultIDsAreFreshSoRepeatedTriggersDiffer() {
    var trigger = TaskTrigger<Int>()
    trigger.trigger(value: 1)
    let first = trigger.state
    trigger.trigger(value: 1)
    #expect(trigger.state != first)
  }

  @Test func plainTriggerCarriesTrue() {
    var trigger = PlainTaskTrigger()
    let id = UUID()
    trigger.trigger(id: id)
    #expect(trigger.state == .active(value: true, id: id))
    trigger.trigger()
    #expect(trigger.state != .active(value: true, id: id))
  }

  // Compile-time proof; this test fails to build if the conformances go.
  @Test func triggerAndStateAreSendable() {
    func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(requireSendable(TaskTrigger<Int>.self))
    #expect(requireSendable(TaskTrigger<Int>.State.self))
    #expect(requireSendable(TaskTriggerButtonBehavior.self))
  }

  // The reset rule as the modifier applies it: a request is current until the next trigger
  // call.
  @Test func finishResetsOnlyTheCurrentRequest() {
    var trigger = TaskTrigger<Int>()
    trigger.trigger(value: 1)
    let old = trigger.request
    trigger.trigger(value: 2)
    let new = trigger.request
    let resetByOld = trigger.finish(generation: old.generation)
    #expect(!resetByOld)
    #expect(trigger.state == new.state)
    let resetByNew = trigger.finish(generation: new.generation)
    #expect(resetByNew)
    #expect(trigger.state == .none)
    let resetAgain = trigger.finish(generation: new.generation)
    #expect(!resetAgain, "a reset trigger has nothing to reset")
  }

  // A request that reuses the cancelled one's id is new: the old run, cancelled by SwiftUI
  // but ignoring it, must not reset it when it ends, and the modifier's task id must change
  // even if SwiftUI never rendered the cancelled state in between.
  @Test func aReusedIDAfterCancelIsANewRequest() {
    var trigger = TaskTrigger<Int>()
    let id = UUID()
    trigger.trigger(value: 1, id: id)
    let cancelled = trigger.request
    trigger.cancel()
    trigger.trigger(value: 1, id: id)
    #expect(trigger.state == cancelled.state)
    #expect(trigger.request != cancelled)
    let resetByCancelledRun = trigger.finish(generation: cancelled.generation)
    #expect(!resetByCancelledRun, "the cancelled run's late end reset the new request")
    #expect(trigger.state == .active(value: 1, id: id))
  }

  // "The same value with the same id while it runs changes nothing": not even the request,
  // so SwiftUI keeps the running task.
  @Test func repeatingTheActiveRequestChangesNothing() {
    var trigger = TaskTrigger<Int>()
    let id = UUID()
    trigger.trigger(value: 1, id: id)
    let running = trigger.request
    trigger.trigger(value: 1, id: id)
    #expect(trigger.request == running)
    trigger.trigger(value: 2, id: id)
    #expect(trigger.request != running)
  }

  // The body of the SwiftUI modifier's `.task(id:)`, run on Linux.
  @MainActor
  @Test func modifierRunPassesTheCapturedValueThenAppliesTheResetRule() async throws {
    var trigger = TaskTrigger<Int>()
    trigger.trigger(value: 1)
    let seen = trigger.request
    trigger.trigger(value: 2)
    let probe = Probe<Int>()
    probe.openAll()
    let finished = MainBox<[TaskTrigger<Int>.Request]>([])
    try await bounded("the request's run to return") { @MainActor in
      await seen.run(probe.gatedAction, finish: { finished.value.append($0) })
    }
    #expect(probe.started == [1], "the run uses the value it was started with")
    #expect(finished.value == [seen])
    let resetBySupersededRun = trigger.finish(generation: seen.generation)
    #expect(!resetBySupersededRun, "the superseded run must not reset the newer request")

    try await bounded("a none request's run to return") { @MainActor in
      await TaskTrigger<Int>().request.run(probe.gatedAction, finish: { finished.value.append($0) })
    }
    #expect(probe.started == [1], "a none state runs nothing")
    #expect(finished.value.count == 1)
  }
}
