// The package-level machine on its own, as CONTRIBUTING.md's state-machine rule asks; runner tests show its rules publicly.
import Foundation
import Settle
import SettleTestSupport
import Testing

@Suite("TriggerStateMachine", .watched)
struct TriggerStateMachineTests {
  typealias Machine = TriggerStateMachine<Int>

  /// Triggers and returns the run the machine started, failing the test when it started none.
  private func start(
    _ machine: inout Machine, _ value: Int, id: UUID = UUID(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Machine.Run? {
    guard case .start(let run, _) = machine.trigger(value: value, id: id).tasks else {
      Issue.record("trigger(value: \(value)) did not start a run", sourceLocation: sourceLocation)
      return nil
    }
    return run
  }

  @Test func startsAttachedWithNothingRequested() {
    let machine = Machine()
    #expect(machine.state == .none)
    #expect(machine.isAttached)
    #expect(!machine.isRunning)
  }

  // The run carries the value and id of its trigger.
  @Test func runCapturesTheValueAndIDOfItsTrigger() throws {
    var machine = Machine()
    let id = UUID()
    let run = try #require(start(&machine, 7, id: id))
    #expect(run.value == 7)
    #expect(run.id == id)
    #expect(machine.state == .active(value: 7, id: id))
    #expect(machine.isRunning)
    _ = machine.trigger(value: 8, id: UUID())
    #expect(run.value == 7, "a superseded run keeps its own value")
  }

  @Test func differentValueOrIDCancelsTheCurrentRunAndStartsANewOne() throws {
    var machine = Machine()
    let id = UUID()
    let first = try #require(start(&machine, 1, id: id))

    let restart = machine.trigger(value: 2, id: id)
    #expect(restart.changes == .state, "running before and after")
    guard case .start(let second, let cancelled) = restart.tasks else {
      Issue.record("a new value did not restart")
      return
    }
    #expect(cancelled == first.generation)
    #expect(second.value == 2)
    #expect(!machine.mayStart(first))
    #expect(machine.mayStart(second))

    guard case .start(let third, let cancelledAgain) = machine.trigger(value: 2, id: UUID()).tasks
    else {
      Issue.record("a new id did not restart")
      return
    }
    #expect(cancelledAgain == second.generation)
    #expect(machine.current == third)
  }

  @Test func sameValueAndIDWhileRunningDoesNothingButRunsAgainAfterItEnds() throws {
    var machine = Machine()
    let id = UUID()
    let first = try #require(start(&machine, 1, id: id))
    #expect(machine.trigger(value: 1, id: id) == .none)
    #expect(machine.current == first)

    #expect(machine.runReturned(first) == .init(tasks: .none, changes: [.state, .isRunning]))
    #expect(machine.state == .none)
    let again = try #require(start(&machine, 1, id: id))
    #expect(again.generation != first.generation)
  }

  @Test func cancelResetsAtOnceCancelsTheRunAndStartsNothing() throws {
    var machine = Machine()
    let run = try #require(start(&machine, 1))
    #expect(
      machine.cancel() == .init(tasks: .cancel(run.generation), changes: [.state, .isRunning]))
    #expect(machine.state == .none)
    #expect(!machine.isRunning)
    #expect(!machine.mayStart(run))
    #expect(machine.cancel() == .none)
  }

  @Test func completionResetsOnlyWhileTheStateBelongsToThatRun() throws {
    var machine = Machine()
    let first = try #require(start(&machine, 1))
    let secondID = UUID()
    let second = try #require(start(&machine, 2, id: secondID))

    #expect(machine.runReturned(first) == .none, "a late end changes nothing")
    #expect(machine.state == .active(value: 2, id: secondID), "a late end must not reset")
    #expect(machine.current == second, "a late end must not cancel the newer run")

    _ = machine.runReturned(second)
    #expect(machine.state == .none)
    #expect(!machine.isRunning)
    #expect(machine.current == nil, "a reset starts nothing")
  }

  // With a repeated id: the run, not just its id, must still own the state.
  @Test func cancelledRunEndingLateDoesNotResetARepeatOfTheSameRequest() throws {
    var machine = Machine()
    let id = UUID()
    let first = try #require(start(&machine, 1, id: id))
    _ = machine.cancel()
    let repeated = try #require(start(&machine, 1, id: id))

    #expect(machine.runReturned(first) == .none)
    #expect(machine.state == .active(value: 1, id: id))
    #expect(machine.current == repeated)
  }

  @Test func detachCancelsAndResetsSoAttachDoesNotRerun() throws {
    var machine = Machine()
    let run = try #require(start(&machine, 1))
    #expect(
      machine.detach() == .init(tasks: .cancel(run.generation), changes: [.state, .isRunning]))
    #expect(machine.state == .none)
    #expect(!machine.isAttached)
    #expect(machine.detach() == .none)
    #expect(machine.attach() == .none)
    #expect(machine.attach() == .none)
    #expect(machine.runReturned(run) == .none)
    #expect(machine.state == .none)
  }

  @Test func triggerWhileDetachedWaitsAndRunsOnAttach() {
    var machine = Machine()
    _ = machine.detach()
    let id = UUID()
    #expect(machine.trigger(value: 3, id: id) == .init(tasks: .none, changes: .state))
    #expect(machine.state == .active(value: 3, id: id))
    #expect(!machine.isRunning)
    #expect(machine.trigger(value: 3, id: id) == .none)

    let attach = machine.attach()
    #expect(attach.changes == .isRunning, "the request was already there")
    guard case .start(let run, let cancelled) = attach.tasks else {
      Issue.record("attach did not start the waiting request")
      return
    }
    #expect(run.value == 3)
    #expect(run.id == id)
    #expect(cancelled == nil)
  }

  @Test func cancelWhileDetachedDropsTheWaitingRequest() {
    var machine = Machine()
    _ = machine.detach()
    _ = machine.trigger(value: 3, id: UUID())
    #expect(machine.cancel() == .init(tasks: .none, changes: .state))
    #expect(machine.attach() == .none)
    #expect(machine.state == .none)
  }

  // At the level of decisions: of a burst, only the last run may start.
  @Test func burstLeavesOnlyTheLastRunAllowedToStart() throws {
    var machine = Machine()
    var runs: [Machine.Run] = []
    for value in 0..<100 {
      runs.append(try #require(start(&machine, value)))
    }
    #expect(runs.filter { machine.mayStart($0) }.map(\.value) == [99])
    for run in runs.reversed() { _ = machine.runReturned(run) }
    #expect(machine.state == .none)
  }

  @Test func aTriggerFromIdleStartsAndSaysBothPropertiesChanged() {
    var machine = Machine()
    let id = UUID()
    let action = machine.trigger(value: 1, id: id)
    #expect(
      action
        == .init(
          tasks: .start(.init(value: 1, id: id, generation: 1), cancelling: nil),
          changes: [.state, .isRunning]))
  }

  // The tap switch is TaskTrigger's; the machine reports what it changed.
  @Test func tapsFollowTheBehaviour() throws {
    var machine = Machine()
    let first = UUID()
    guard case .start(let run, nil) = machine.tap(.blocking, value: 1, id: first).tasks else {
      Issue.record("a tap while idle did not start")
      return
    }
    #expect(machine.tap(.blocking, value: 1, id: UUID()) == .none)
    let restart = machine.tap(.restart, value: 1, id: UUID())
    guard case .start(_, run.generation) = restart.tasks else {
      Issue.record("a restart tap did not replace the run")
      return
    }
    let current = try #require(machine.current)
    #expect(
      machine.tap(.cancellable, value: 1, id: UUID())
        == .init(tasks: .cancel(current.generation), changes: [.state, .isRunning]))
  }

  // What the SwiftUI modifier does with its binding: the view set the trigger itself.
  @Test func adoptingTheOwnersTriggerActsAsIfTheChangeWereMadeHere() throws {
    var machine = Machine()
    var owned = TaskTrigger<Int>()
    let id = UUID()
    owned.trigger(value: 1, id: id)
    let first = try #require(Machine.Run(requestedBy: owned))
    #expect(
      machine.adopt(owned)
        == .init(tasks: .start(first, cancelling: nil), changes: [.state, .isRunning]))
    #expect(machine.adopt(owned) == .none, "the same trigger again changes nothing")

    // Cancelled and repeated before the machine saw either: still a new run.
    owned.cancel()
    owned.trigger(value: 1, id: id)
    let repeated = try #require(Machine.Run(requestedBy: owned))
    #expect(repeated != first)
    #expect(
      machine.adopt(owned)
        == .init(tasks: .start(repeated, cancelling: first.generation), changes: []))

    owned.cancel()
    #expect(
      machine.adopt(owned)
        == .init(tasks: .cancel(repeated.generation), changes: [.state, .isRunning]))
  }

  @Test func theRunATriggerRequests() {
    var trigger = TaskTrigger<Int>()
    #expect(Machine.Run(requestedBy: trigger) == nil)
    let id = UUID()
    trigger.trigger(value: 4, id: id)
    #expect(
      Machine.Run(requestedBy: trigger)
        == Machine.Run(value: 4, id: id, generation: trigger.generation))
    trigger.cancel()
    #expect(Machine.Run(requestedBy: trigger) == nil)
  }
}
