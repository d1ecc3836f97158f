#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The decisions of a ``TaskTriggerRunner`` and of the SwiftUI `.task(_:priority:_:)`
/// modifier, free of tasks, actors and SwiftUI.
///
/// Each event is a `mutating func` that returns what the owner must do and what it changed;
/// the owner applies it afterwards. Keeping the rules here lets tests drive every
/// interleaving directly, and lets the runner and the modifier share them: the runner applies
/// the actions with its own tasks (``TaskTriggerRunner``), the modifier through SwiftUI's
/// `.task(id:)` and its binding (``TriggerModifierStorage``).
///
/// Vocabulary:
/// - A *request* is the trigger's ``TaskTrigger/State/active(value:id:)`` state.
/// - A *run* is one execution of the action for a request. A request starts at most one run,
///   so the request's ``TaskTrigger/generation`` names the run too: a request repeated with
///   the same (value, id) after a `cancel()` is a new generation, and the old run's late end
///   cannot touch it.
/// - The *current* run is the one the state belongs to. Every other run still in flight is
///   superseded: already cancelled, and ignored when it ends.
///
/// The machine holds only the trigger and whether the owner is attached; the current run
/// follows from them (``current``). That makes the invariant hold by construction: while
/// attached, an active state always has a current run; while detached, there is none, and an
/// active state is a request waiting for ``attach()``.
package struct TriggerStateMachine<Value: Equatable & Sendable>: Sendable {
  /// One execution of the action, with the value and id captured when it was created.
  package struct Run: Equatable, Sendable {
    /// What the action receives: the request's value when the run was created, never a later
    /// one.
    package let value: Value
    /// The request's id when the run was created.
    package let id: UUID
    /// The generation of the request the run serves; unique per run, so that runs of
    /// repeated (value, id) requests stay distinct.
    package let generation: UInt64

    /// The run that `trigger`'s request asks for, or `nil` when nothing is requested.
    ///
    /// It is what the SwiftUI modifier's `.task(id:)` is keyed on: SwiftUI restarts the task
    /// exactly when the trigger asks for another run, including a request that reuses an id
    /// after a cancel, even when SwiftUI never rendered the cancelled state in between.
    package init?(requestedBy trigger: TaskTrigger<Value>) {
      guard case .active(let value, let id) = trigger.state else { return nil }
      self.init(value: value, id: id, generation: trigger.generation)
    }

    /// A run of the request with this value, id and generation.
    package init(value: Value, id: UUID, generation: UInt64) {
      self.value = value
      self.id = id
      self.generation = generation
    }
  }

  /// What the owner must do with the runs' tasks after an event.
  package enum TaskAction: Equatable, Sendable {
    /// Nothing to start or cancel.
    case none
    /// Start a task for `run`, after cancelling the run with generation `cancelling`, if any.
    /// The old task is not awaited: the new run starts at once.
    case start(Run, cancelling: UInt64?)
    /// Cancel the task of the run with this generation; nothing starts.
    case cancel(UInt64)
  }

  /// Which of the machine's observable properties an event changed.
  package struct Changes: OptionSet, Sendable {
    package let rawValue: UInt8

    /// The changes whose bits `rawValue` sets.
    package init(rawValue: UInt8) {
      self.rawValue = rawValue
    }

    /// ``TriggerStateMachine/state`` changed. For an owner that keeps the trigger elsewhere
    /// (a SwiftUI binding), the changed ``TriggerStateMachine/trigger`` must be written back.
    package static var state: Changes { Changes(rawValue: 1 << 0) }
    /// ``TriggerStateMachine/isRunning`` changed.
    package static var isRunning: Changes { Changes(rawValue: 1 << 1) }
  }

  /// What the owner must do after an event, and what the event changed.
  ///
  /// The changes come with the action, so that an owner learns them without trying the event
  /// on a copy first: the runner announces exactly these to its observers, and the modifier
  /// writes its binding only when ``Changes/state`` says so.
  package struct Action: Equatable, Sendable {
    /// The tasks to start or cancel.
    package let tasks: TaskAction
    /// The properties that changed.
    package let changes: Changes

    /// An action that does `tasks` and reports `changes`.
    package init(tasks: TaskAction, changes: Changes) {
      self.tasks = tasks
      self.changes = changes
    }

    /// Nothing to do, and nothing changed.
    package static var none: Action { Action(tasks: .none, changes: []) }
  }

  /// The request; its owner's copy when the owner keeps the trigger itself (see
  /// ``adopt(_:)``).
  package private(set) var trigger = TaskTrigger<Value>()

  /// Whether the owner is attached (a view on screen). A new machine is attached.
  package private(set) var isAttached = true

  /// Creates a machine that is attached, with nothing requested.
  package init() {}

  /// The public state: what is requested.
  package var state: TaskTrigger<Value>.State { trigger.state }

  /// The run the state belongs to: the request's run while attached, none while detached.
  package var current: Run? {
    isAttached ? Run(requestedBy: trigger) : nil
  }

  /// Whether the current request has a run in flight.
  package var isRunning: Bool { current != nil }

  /// A new request, as ``TaskTrigger/trigger(value:id:)`` makes it: the same (value, id) as
  /// the request already held changes nothing; anything else replaces it, and, when attached,
  /// restarts the run.
  package mutating func trigger(value: Value, id: UUID) -> Action {
    changeRequest { $0.trigger(value: value, id: id) }
  }

  /// Withdraws the request and cancels its run; nothing starts.
  package mutating func cancel() -> Action {
    changeRequest { $0.cancel() }
  }

  /// A button tap with `behavior`, as ``TaskTrigger/tap(_:value:id:)`` applies it.
  package mutating func tap(
    _ behavior: TaskTriggerButtonBehavior, value: Value, id: UUID
  ) -> Action {
    changeRequest { $0.tap(behavior, value: value, id: id) }
  }

  /// The owner changed the trigger where it keeps it, not through this machine: a SwiftUI
  /// view sets its bound trigger itself. The machine takes the owner's trigger and reports
  /// what that changes, as if the change had been made here.
  package mutating func adopt(_ trigger: TaskTrigger<Value>) -> Action {
    changeRequest { $0 = trigger }
  }

  /// The owner is attached again: a request that arrived while detached starts now.
  ///
  /// A run cancelled by ``detach()`` is not restarted, because detach already reset its state.
  package mutating func attach() -> Action {
    guard !isAttached else { return .none }
    isAttached = true
    guard let run = current else { return .none }
    return Action(tasks: .start(run, cancelling: nil), changes: .isRunning)
  }

  /// The owner went away (a view disappeared): the current run is cancelled and its request
  /// reset at once.
  ///
  /// Resetting here, rather than when the cancelled run returns, is what keeps ``attach()``
  /// from re-running work that an action ignoring cancellation has not finished yet.
  package mutating func detach() -> Action {
    guard isAttached else { return .none }
    let running = current
    isAttached = false
    guard let running else { return .none }
    trigger.cancel()
    return Action(tasks: .cancel(running.generation), changes: [.state, .isRunning])
  }

  /// Whether `run` may call the action: it is still current. A run superseded or cancelled
  /// before its task got to start never calls the action.
  package func mayStart(_ run: Run) -> Bool {
    current == run
  }

  /// The action of `run` returned, normally or cancelled: applies the reset rule stated on
  /// ``TaskTrigger``.
  ///
  /// Only the current run may reset; a superseded run returning late leaves the newer request
  /// and its run alone. The action never starts or cancels a task: a reset does neither.
  package mutating func runReturned(_ run: Run) -> Action {
    guard current == run || SeededFault.isSeeded(.triggerResetsOnAnyCompletion) else {
      return .none
    }
    trigger.cancel()
    return Action(tasks: .none, changes: [.state, .isRunning])
  }

  /// The one path by which the request changes: `change` edits the trigger, and comparing the
  /// current run before and after says which task to start or cancel.
  ///
  /// The same-value-and-id rule and the tap rule are the trigger's own (`change` calls them),
  /// so they are written once, for the runner, the modifier and a trigger used on its own.
  private mutating func changeRequest(_ change: (inout TaskTrigger<Value>) -> Void) -> Action {
    let stateBefore = trigger.state
    let runBefore = current
    change(&trigger)
    let run = current

    var changes: Changes = []
    if trigger.state != stateBefore { changes.insert(.state) }
    if (run == nil) != (runBefore == nil) { changes.insert(.isRunning) }

    switch (runBefore, run) {
    case (let old, let new?) where old != new:
      return Action(tasks: .start(new, cancelling: old?.generation), changes: changes)
    case (let old?, nil):
      return Action(tasks: .cancel(old.generation), changes: changes)
    default:
      return Action(tasks: .none, changes: changes)
    }
  }
}
