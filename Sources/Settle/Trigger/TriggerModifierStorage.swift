/// What the SwiftUI `.task(_:priority:_:)` modifier keeps for a view: the
/// ``TriggerStateMachine`` that the modifier applies, as ``TaskTriggerRunner`` applies it.
///
/// The modifier feeds it SwiftUI's events: `.task(id:)` starting its task
/// (``taskStarted(for:trigger:)``), that task's run returning (``runReturned(_:trigger:)``)
/// and `onDisappear` (``disappeared(trigger:)``). It lives outside the SwiftUI folder, so
/// that Linux tests drive the same sequence the modifier produces.
///
/// Two things differ from the runner, and neither is a decision:
/// - The trigger lives in the view's binding, which the view sets itself. Each event first
///   ``TriggerStateMachine/adopt(_:)``s the binding's trigger, and returns the machine's
///   trigger for the binding only when the action says the state changed.
/// - SwiftUI owns the tasks. `.task(id:)` is keyed on the run the trigger requests
///   (``TriggerStateMachine/Run/init(requestedBy:)``), so SwiftUI cancels a superseded run's
///   task and starts the new run's task itself, and cancels the task when the view disappears:
///   those are the machine's ``TriggerStateMachine/TaskAction``s, already done. What the
///   storage adds is the check that the run its task started for is still the current one.
@MainActor
package final class TriggerModifierStorage<Value: Equatable & Sendable> {
  private typealias Machine = TriggerStateMachine<Value>
  package typealias Run = TriggerStateMachine<Value>.Run

  private var machine = Machine()

  /// Creates the storage for a view that is on screen, with nothing requested. Nonisolated,
  /// so that a `@State` property's initial value can create it.
  package nonisolated init() {}

  /// SwiftUI started the `.task(id:)` task for `run`, the run that `trigger` requested when
  /// the view was rendered: the view appeared, or its trigger requested another run.
  ///
  /// - Returns: Whether the task performs `run` now; `false` when nothing is requested, or
  ///   when `run` was superseded or cancelled before its task got to start.
  package func taskStarted(for run: Run?, trigger: TaskTrigger<Value>) -> Bool {
    // SwiftUI has already cancelled the task that a change of request supersedes, and this
    // task is the start that `adopt` or `attach` asks for; their task actions are done.
    _ = machine.adopt(trigger)
    _ = machine.attach()
    guard let run else { return false }
    return machine.mayStart(run)
  }

  /// The action of `run` returned, normally or cancelled.
  ///
  /// - Returns: The trigger to write to the binding when the reset rule reset it; `nil` when
  ///   the binding keeps its value.
  package func runReturned(_ run: Run, trigger: TaskTrigger<Value>) -> TaskTrigger<Value>? {
    _ = machine.adopt(trigger)
    return triggerToWrite(after: machine.runReturned(run))
  }

  /// The view disappeared; SwiftUI cancels the task.
  ///
  /// - Returns: The trigger to write to the binding when a running request was reset; `nil`
  ///   when the binding keeps its value.
  package func disappeared(trigger: TaskTrigger<Value>) -> TaskTrigger<Value>? {
    _ = machine.adopt(trigger)
    return triggerToWrite(after: machine.detach())
  }

  private func triggerToWrite(after action: Machine.Action) -> TaskTrigger<Value>? {
    action.changes.contains(.state) ? machine.trigger : nil
  }
}
