// The SwiftUI `.task($trigger)` modifier cannot run on Linux; this drives its package-level core.
import Foundation
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Plays SwiftUI around ``TriggerModifierStorage`` as `View+TaskTrigger.swift` wires it.
///
/// `trigger` is the `@State` behind the binding. `render()` is a body evaluation: when the
/// requested run changed, `.task(id:)` cancels its task and starts one for the new run.
/// `appear()` starts the task for the current run; `disappear()` cancels it and calls
/// `onDisappear`. The task body and the `onDisappear` closure are the modifier's, line for
/// line.
@MainActor
private final class SimulatedModifier {
  typealias Run = TriggerModifierStorage<Int>.Run

  var trigger = TaskTrigger<Int>()
  /// Every task `.task(id:)` started, oldest first.
  private(set) var tasks: [Task<Void, Never>] = []
  private let storage = TriggerModifierStorage<Int>()
  private let action: @MainActor @Sendable (Int) async -> Void
  private var onScreen: (id: Run?, task: Task<Void, Never>)?

  init(action: @escaping @MainActor @Sendable (Int) async -> Void) {
    self.action = action
  }

  func appear() {
    startTask()
  }

  func render() {
    guard let onScreen, onScreen.id != Run(requestedBy: trigger) else { return }
    onScreen.task.cancel()
    startTask()
  }

  func disappear() {
    onScreen?.task.cancel()
    onScreen = nil
    if let reset = storage.disappeared(trigger: trigger) {
      trigger = reset
    }
  }

  private func startTask() {
    let run = Run(requestedBy: trigger)
    let task = Task { @MainActor [storage, action] in
      guard storage.taskStarted(for: run, trigger: self.trigger), let run else {
        return
      }
      await action(run.value)
      if let reset = storage.runReturned(run, trigger: self.trigger) {
        self.trigger = reset
      }
    }
    onScreen = (run, task)
    tasks.append(task)
  }
}

@MainActor
@Suite("TriggerModifierStorage", .backstop(minutes: 1), .watched)
struct TriggerModifierStorageTests {
  typealias Run = TriggerModifierStorage<Int>.Run

  /// The sequence a view produces: appear, trigger, the same request again, a re-trigger,
  /// disappear while running, appear again, and a last trigger that runs to its end.
  @Test func aViewsLifetime() async throws {
    let events = ValueRecorder<String>()
    let gates = [1: AsyncGate(), 2: AsyncGate(), 3: AsyncGate()]
    let view = SimulatedModifier { value in
      events.record("start \(value)")
      await withTaskCancellationHandler {
        await gates[value]?.waitIgnoringCancellation()
      } onCancel: {
        events.record("cancelled \(value)")
      }
      events.record(Task.isCancelled ? "stopped \(value)" : "finished \(value)")
    }

    // Appear with nothing requested: the task runs nothing.
    view.appear()
    try await view.tasks[0].valueBounded("the task of no request to return")
    #expect(events.values.isEmpty)

    // Trigger: the view sets its binding, SwiftUI renders and starts the run.
    let id = UUID()
    view.trigger.trigger(value: 1, id: id)
    view.render()
    try await events.waitForCountBounded(1, "1 to start")

    // The same value and id: the same run, so SwiftUI keeps its task.
    view.trigger.trigger(value: 1, id: id)
    view.render()
    #expect(view.tasks.count == 2)

    // Re-trigger: SwiftUI cancels 1's task (1 ignores it and stays held) and 2 starts.
    view.trigger.trigger(value: 2)
    view.render()
    try await events.waitForCountBounded(3, "2 to start")
    #expect(events.values == ["start 1", "cancelled 1", "start 2"])
    #expect(view.trigger.state != .none)

    // Disappear while 2 runs: its task is cancelled and the binding reset at once.
    view.disappear()
    #expect(events.values.last == "cancelled 2")
    #expect(view.trigger.state == .none)

    // Both held actions return late; neither writes the binding.
    let afterDisappearing = view.trigger
    gates[1]?.open()
    gates[2]?.open()
    for task in view.tasks { try await task.valueBounded("a held run to return") }
    #expect(Set(events.values.suffix(2)) == ["stopped 1", "stopped 2"])
    #expect(view.trigger == afterDisappearing)

    // Appear again: the reset request does not run again.
    view.appear()
    try await view.tasks[view.tasks.count - 1].valueBounded("the reappeared task to return")
    #expect(events.values.count == 6)

    // A new trigger runs, and its end resets the binding.
    view.trigger.trigger(value: 3)
    view.render()
    gates[3]?.open()
    try await view.tasks[view.tasks.count - 1].valueBounded("3 to return")
    #expect(events.values.suffix(2) == ["start 3", "finished 3"])
    #expect(view.trigger.state == .none)
    #expect(view.tasks.count == 5)
  }

  // The run's end arrives after the view set a newer request, before SwiftUI re-rendered.
  @Test func aSupersededRunReturningBeforeTheRerenderLeavesTheNewerRequest() throws {
    let storage = TriggerModifierStorage<Int>()
    var trigger = TaskTrigger<Int>()
    trigger.trigger(value: 1)
    let first = try #require(Run(requestedBy: trigger))
    #expect(storage.taskStarted(for: first, trigger: trigger))
    trigger.trigger(value: 2)
    #expect(storage.runReturned(first, trigger: trigger) == nil)

    let second = try #require(Run(requestedBy: trigger))
    #expect(storage.taskStarted(for: second, trigger: trigger))
    let reset = try #require(storage.runReturned(second, trigger: trigger))
    #expect(reset.state == .none)
  }

  // Cancelled and repeated with the same id: the cancelled run's late end must not reset the
  // repeat, although the state holds the same value and id.
  @Test func aCancelledRunsLateEndDoesNotResetARepeatedRequest() throws {
    let storage = TriggerModifierStorage<Int>()
    var trigger = TaskTrigger<Int>()
    let id = UUID()
    trigger.trigger(value: 1, id: id)
    let cancelled = try #require(Run(requestedBy: trigger))
    #expect(storage.taskStarted(for: cancelled, trigger: trigger))
    trigger.cancel()
    trigger.trigger(value: 1, id: id)
    let repeated = try #require(Run(requestedBy: trigger))
    #expect(repeated != cancelled, "SwiftUI restarts the task")
    #expect(storage.runReturned(cancelled, trigger: trigger) == nil)
    #expect(storage.taskStarted(for: repeated, trigger: trigger))
  }

  // The view set a newer request before the superseded run's task got to start.
  @Test func aRunSupersededBeforeItsTaskStartsDoesNotRun() throws {
    let storage = TriggerModifierStorage<Int>()
    var trigger = TaskTrigger<Int>()
    trigger.trigger(value: 1)
    let first = try #require(Run(requestedBy: trigger))
    trigger.trigger(value: 2)
    #expect(!storage.taskStarted(for: first, trigger: trigger))
    #expect(storage.runReturned(first, trigger: trigger) == nil)
  }

  @Test func nothingRequestedRunsNothingAndDisappearingLeavesTheBindingAlone() {
    let storage = TriggerModifierStorage<Int>()
    #expect(!storage.taskStarted(for: nil, trigger: TaskTrigger()))
    #expect(storage.disappeared(trigger: TaskTrigger()) == nil)
  }

  // A request set while the view is away runs when it appears, and resets when it returns.
  @Test func aRequestSetWhileTheViewIsAwayRunsWhenItAppears() throws {
    let storage = TriggerModifierStorage<Int>()
    var trigger = TaskTrigger<Int>()
    #expect(storage.disappeared(trigger: trigger) == nil)
    trigger.trigger(value: 5)
    let run = try #require(Run(requestedBy: trigger))
    #expect(storage.taskStarted(for: run, trigger: trigger))
    #expect(storage.runReturned(run, trigger: trigger)?.state == TaskTrigger<Int>.State.none)
  }
}
