#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The decisions of a ``TaskTriggerRunner``, free of tasks and actors.
///
/// Each event is a `mutating func` that returns what the owner must do; the owner applies it
/// afterwards. Keeping the rules here lets tests drive every interleaving directly.
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
/// Invariants: a current run exists only while attached, and then the state holds its value
/// and id. While attached, an active state always has a current run; while detached, an
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
  }

  /// What the owner must do after an event.
  package enum Action: Equatable, Sendable {
    /// Nothing to do.
    case nothing
    /// Start a task for `run`, after cancelling the run with generation `cancelling`, if any.
    /// The old task is not awaited: the new run starts at once.
    case start(Run, cancelling: UInt64?)
    /// Cancel the task of the run with this generation; nothing starts.
    case cancel(UInt64)
  }

  private var trigger = TaskTrigger<Value>()

  /// Whether the owner is attached (a view on screen). A new machine is attached.
  package private(set) var isAttached = true
  /// The run the state belongs to, if one was started and has not ended or been cancelled.
  package private(set) var current: Run?

  /// Creates a machine that is attached, with nothing requested.
  package init() {}

  /// The public state: what is requested.
  package var state: TaskTrigger<Value>.State { trigger.state }

  /// Whether the current request has a run in flight.
  package var isRunning: Bool { current != nil }

  /// A new request. The same (value, id) as the request already held does nothing; anything
  /// else replaces it, and, when attached, restarts the run.
  package mutating func trigger(value: Value, id: UUID) -> Action {
    if case .active(value, id) = trigger.state { return .nothing }
    trigger.trigger(value: value, id: id)
    guard isAttached else { return .nothing }  // Waits for attach().
    return startCurrentRequest()
  }

  /// Withdraws the request and cancels its run; nothing starts.
  package mutating func cancel() -> Action {
    trigger.cancel()
    guard let run = current else { return .nothing }
    current = nil
    return .cancel(run.generation)
  }

  /// The owner is attached again: a request that arrived while detached starts now.
  ///
  /// A run cancelled by ``detach()`` is not restarted, because detach already reset its state.
  package mutating func attach() -> Action {
    guard !isAttached else { return .nothing }
    isAttached = true
    return startCurrentRequest()
  }

  /// The owner went away (a view disappeared): the current run is cancelled and its request
  /// reset at once.
  ///
  /// Resetting here, rather than when the cancelled run ends, is what keeps ``attach()`` from
  /// re-running work that an action ignoring cancellation has not finished yet.
  package mutating func detach() -> Action {
    guard isAttached else { return .nothing }
    isAttached = false
    guard let run = current else { return .nothing }
    current = nil
    trigger.finish(generation: run.generation)
    return .cancel(run.generation)
  }

  /// Whether `run` may call the action: it is still current. A run superseded or cancelled
  /// before its task got to start never calls the action.
  package func mayStart(_ run: Run) -> Bool {
    current == run
  }

  /// `run` ended, normally or cancelled: applies the reset rule stated on ``TaskTrigger``.
  ///
  /// Only the current run may reset; a superseded run ending late leaves the newer request
  /// and its run alone. This returns no ``Action`` on purpose: a reset can neither start nor
  /// cancel a run.
  package mutating func finished(_ run: Run) {
    guard current == run else { return }
    current = nil
    trigger.finish(generation: run.generation)
  }

  private mutating func startCurrentRequest() -> Action {
    guard case .active(let value, let id) = trigger.state else { return .nothing }
    let superseded = current?.generation
    let run = Run(value: value, id: id, generation: trigger.generation)
    current = run
    return .start(run, cancelling: superseded)
  }
}
