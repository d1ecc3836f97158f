import Foundation
import Settle
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
    #expect(trigger.state.id == id)
    trigger.cancel()
    #expect(trigger.state == .none)
    #expect(trigger.state.id == nil)
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
    #expect(trigger.state.id != id)
  }

  // Point 5: the reset rule as the SwiftUI modifier applies it.
  @Test func finishResetsOnlyTheRequestWithThatID() {
    var trigger = TaskTrigger<Int>()
    let old = UUID()
    let new = UUID()
    trigger.trigger(value: 1, id: new)
    let resetByOld = trigger.finish(id: old)
    #expect(!resetByOld)
    #expect(trigger.state == .active(value: 1, id: new))
    let resetByNew = trigger.finish(id: new)
    #expect(resetByNew)
    #expect(trigger.state == .none)
    let resetAgain = trigger.finish(id: new)
    #expect(!resetAgain)
  }

  // Point 9: compile-time proof; this test fails to build if the conformances go.
  @Test func triggerAndStateAreSendable() {
    func requireSendable<T: Sendable>(_: T.Type) -> Bool { true }
    #expect(requireSendable(TaskTrigger<Int>.self))
    #expect(requireSendable(TaskTrigger<Int>.State.self))
    #expect(requireSendable(TaskTriggerButtonBehavior.self))
  }

  // The body of the SwiftUI modifier's `.task(id:)`, run on Linux.
  @MainActor
  @Test func modifierRunPassesTheCapturedValueThenAppliesTheResetRule() async {
    var trigger = TaskTrigger<Int>()
    trigger.trigger(value: 1)
    let seen = trigger.state
    let probe = Probe<Int>()
    probe.openAll()
    var finishedIDs: [UUID] = []
    await seen.run(probe.gatedAction, finish: { finishedIDs.append($0) })
    #expect(probe.started == [1])
    #expect(finishedIDs == [seen.id].compactMap { $0 })

    await TaskTrigger<Int>.State.none.run(probe.gatedAction, finish: { finishedIDs.append($0) })
    #expect(probe.started == [1], "a none state runs nothing")
    #expect(finishedIDs.count == 1)
  }
}
