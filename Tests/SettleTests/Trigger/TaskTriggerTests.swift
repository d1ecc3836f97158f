import Foundation
import Settle
import SettleTestSupport
import Testing

@Suite("TaskTrigger", .watched)
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

  // A request that reuses the cancelled one's id is a new one: the trigger differs, so the
  // modifier's task id changes even if SwiftUI never rendered the cancelled state in between.
  // (That the old run's late end leaves it alone is TriggerModifierStorageTests'.)
  @Test func aReusedIDAfterCancelIsANewRequest() {
    var trigger = TaskTrigger<Int>()
    let id = UUID()
    trigger.trigger(value: 1, id: id)
    let cancelled = trigger
    trigger.cancel()
    trigger.trigger(value: 1, id: id)
    #expect(trigger.state == cancelled.state)
    #expect(trigger != cancelled)
  }

  // "The same value with the same id while it runs changes nothing": not even the request,
  // so SwiftUI keeps the running task.
  @Test func repeatingTheActiveRequestChangesNothing() {
    var trigger = TaskTrigger<Int>()
    let id = UUID()
    trigger.trigger(value: 1, id: id)
    let running = trigger
    trigger.trigger(value: 1, id: id)
    #expect(trigger == running)
    trigger.trigger(value: 2, id: id)
    #expect(trigger != running)
  }
}
