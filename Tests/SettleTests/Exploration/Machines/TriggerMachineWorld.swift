// Hooks: drives the package's `TriggerStateMachine`, which the runner and the SwiftUI
// modifier share and which has no public face.
import Foundation
import Settle

/// `TriggerStateMachine` inside a model of its owners: run tasks that start (asking
/// `mayStart`) and return, a view that appears and disappears, and the caller's triggers,
/// cancels and taps, in every order; beside it, a plain reference of the trigger's rules.
struct TriggerMachineWorld: ExplorableWorld {
  static let ids = [
    UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!,
    UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!,
  ]

  enum Event: CustomStringConvertible {
    case trigger(value: Int, id: Int)
    case cancel
    case tap(TaskTriggerButtonBehavior)
    case detach
    case attach
    /// The task at this index begins: it asks `mayStart`, and returns at once if refused.
    case taskBegins(Int)
    /// The action of the task at this index returns.
    case actionReturns(Int)

    var description: String {
      switch self {
      case .trigger(let value, let id): "trigger(value: \(value), id: \(id == 0 ? "A" : "B"))"
      case .cancel: "cancel()"
      case .tap(let behavior): "tap(.\(behavior), value: 9, id: B)"
      case .detach: "view disappears"
      case .attach: "view appears"
      case .taskBegins(let index): "task #\(index) begins"
      case .actionReturns(let index): "action of task #\(index) returns"
      }
    }
  }

  enum TaskStatus: Equatable, CustomStringConvertible {
    case created, running, ended
    var description: String {
      switch self {
      case .created: "c"
      case .running: "r"
      case .ended: "e"
      }
    }
  }

  struct RunTask: CustomStringConvertible {
    var run: TriggerStateMachine<Int>.Run
    var status = TaskStatus.created
    var cancelled = false
    var description: String {
      "\(run.value)/g\(run.generation)\(status)\(cancelled ? "x" : "")"
    }
  }

  /// The trigger's rules as plainly as they can be written: what is requested, whether the
  /// view is there, and which task serves the request.
  struct Reference: CustomStringConvertible {
    var request: (value: Int, id: Int)?
    var attached = true
    var current: Int?
    var description: String {
      "\(request.map { "\($0.value)/\($0.id)" } ?? "-") \(attached) \(current.map(String.init) ?? "-")"
    }
  }

  private(set) var machine = TriggerStateMachine<Int>()
  private(set) var tasks: [RunTask] = []
  private(set) var reference = Reference()
  private var triggersLeft = 4
  private var detachesLeft = 1

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if triggersLeft > 0 {
      events += [
        .trigger(value: 1, id: 0), .trigger(value: 1, id: 1), .trigger(value: 2, id: 0),
        .tap(.blocking), .tap(.cancellable), .tap(.restart),
      ]
    }
    events.append(.cancel)
    if reference.attached, detachesLeft > 0 { events.append(.detach) }
    if !reference.attached { events.append(.attach) }
    for (index, task) in tasks.enumerated() {
      switch task.status {
      case .created: events.append(.taskBegins(index))
      case .running: events.append(.actionReturns(index))
      case .ended: break
      }
    }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    let action: TriggerStateMachine<Int>.Action
    // What the reference says the event does to the tasks: start one for the request, or
    // cancel the current one.
    var expectStart = false
    var expectCancel: Int?
    switch event {
    case .trigger(let value, let id):
      triggersLeft -= 1
      action = machine.trigger(value: value, id: Self.ids[id])
      (expectStart, expectCancel) = reference.trigger(value: value, id: id)
    case .tap(let behavior):
      triggersLeft -= 1
      action = machine.tap(behavior, value: 9, id: Self.ids[1])
      switch behavior.response(toTapWhileActive: reference.request != nil) {
      case .start: (expectStart, expectCancel) = reference.trigger(value: 9, id: 1)
      case .cancel: expectCancel = reference.cancel()
      case .ignore: break
      }
    case .cancel:
      action = machine.cancel()
      expectCancel = reference.cancel()
    case .detach:
      detachesLeft -= 1
      action = machine.detach()
      reference.attached = false
      expectCancel = reference.cancel()
    case .attach:
      action = machine.attach()
      reference.attached = true
      expectStart = reference.request != nil
    case .taskBegins(let index):
      let allowed = machine.mayStart(tasks[index].run)
      if allowed != (reference.current == index) {
        return
          "task #\(index) was \(allowed ? "allowed" : "refused") to start; the reference says the current task is \(reference.current.map { "#\($0)" } ?? "none")"
      }
      if allowed {
        if let other = tasks.indices.first(where: {
          $0 != index && tasks[$0].status == .running && !tasks[$0].cancelled
        }) {
          return "task #\(index) starts its action while task #\(other)'s runs uncancelled"
        }
        tasks[index].status = .running
        return check(machine: .none, for: event)
      }
      tasks[index].status = .ended
      return returned(index, event)
    case .actionReturns(let index):
      tasks[index].status = .ended
      return returned(index, event)
    }
    let expected: TriggerStateMachine<Int>.TaskAction
    let cancelling = expectCancel.map { tasks[$0].run.generation }
    if expectStart {
      guard case .start(let run, let cancelled) = action.tasks, cancelled == cancelling else {
        return
          "after \(event) the machine did \(action.tasks); the reference starts a run, cancelling \(cancelling.map { "g\($0)" } ?? "nothing")"
      }
      guard let request = reference.request, run.value == request.value,
        run.id == Self.ids[request.id]
      else {
        return "after \(event) the run started with \(run.value), not the request's value"
      }
      if let old = expectCancel { tasks[old].cancelled = true }
      reference.current = tasks.count
      tasks.append(RunTask(run: run))
      expected = action.tasks
    } else if let old = expectCancel {
      expected = .cancel(tasks[old].run.generation)
      tasks[old].cancelled = true
    } else {
      expected = .none
    }
    return check(machine: expected, for: event, got: action.tasks)
  }

  mutating func returned(_ index: Int, _ event: Event) -> String? {
    let action = machine.runReturned(tasks[index].run)
    if reference.current == index, reference.attached {
      reference.request = nil
      reference.current = nil
    }
    return check(machine: .none, for: event, got: action.tasks)
  }

  func check(
    machine expected: TriggerStateMachine<Int>.TaskAction, for event: Event,
    got actual: TriggerStateMachine<Int>.TaskAction = .none
  ) -> String? {
    if actual != expected {
      return "after \(event) the machine did \(actual); the reference does \(expected)"
    }
    let state = machine.state
    let expectedState: TaskTrigger<Int>.State =
      reference.request.map { .active(value: $0.value, id: Self.ids[$0.id]) } ?? .none
    if state != expectedState {
      return "after \(event) the state is \(state); the reference's is \(expectedState)"
    }
    let running = reference.attached && reference.request != nil
    if machine.isRunning != running {
      return "after \(event) isRunning is \(machine.isRunning); the reference says \(running)"
    }
    return nil
  }

  func checkState() -> String? { nil }

  var fingerprint: String {
    "\(machine.state)/\(machine.trigger.generation)/\(machine.isAttached)|\(tasks)|\(reference)|\(triggersLeft),\(detachesLeft)"
  }
}

extension TriggerMachineWorld.Reference {
  /// A new request, as the trigger's rule makes it: the same (value, id) changes nothing.
  /// Returns whether a run starts and which task is cancelled.
  mutating func trigger(value: Int, id: Int) -> (start: Bool, cancel: Int?) {
    if let request, request.value == value, request.id == id { return (false, nil) }
    request = (value, id)
    guard attached else { return (false, nil) }
    defer { current = nil }
    return (true, current)
  }

  /// Withdraws the request; returns the task to cancel.
  mutating func cancel() -> Int? {
    request = nil
    defer { current = nil }
    return current
  }
}
