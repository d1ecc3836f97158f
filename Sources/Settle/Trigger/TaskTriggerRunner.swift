#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Runs an async action for each request of a ``TaskTrigger``, with no UI framework.
///
/// The runner owns a trigger and does what the SwiftUI `.task(_:priority:_:)` modifier does for
/// a view: ``trigger(value:id:)`` starts the action, a newer trigger cancels it and starts it
/// again, ``attach()`` and ``detach()`` play the view appearing and disappearing. Use it in
/// view models, in non-SwiftUI apps, and in tests.
///
/// Guarantees:
/// - Each run receives the value it was triggered with, never a later state.
/// - A trigger with a different value or id cancels the running action and starts a new run
///   at once, without waiting for the old action to return. The same value with the same id
///   while it runs is ignored; after it ends, it runs again.
/// - ``cancel()`` resets ``state`` at once, cancels the running action and starts nothing.
/// - When a run ends, normally or cancelled, ``state`` follows the reset rule stated on
///   ``TaskTrigger``: a superseded run ending late never resets or cancels a newer request, so
///   the last trigger always wins.
/// - The runner starts attached. ``detach()`` cancels the running action and resets ``state``,
///   so ``attach()`` does not re-run it; a trigger that arrives while detached runs on attach.
/// - A run that is superseded or cancelled before its task gets to run never calls the action.
///   Releasing the runner cancels every run, and no action starts afterwards.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// Thread rules: the runner is `@MainActor`; its methods are synchronous, so calls keep their
/// order, and they may be called from inside the action (re-entrant use is safe). The action
/// runs on the main actor too; cancellation is cooperative, so an action that ignores it
/// keeps running after it was superseded, but its end is ignored.
///
/// Observation: the runner is a ``TrackedObject``. Reading ``state`` or ``isRunning`` inside
/// ``withTracking(options:_:onChange:)-(_,_,()->Void)``
/// records the read, and the scope fires when that
/// property actually changes: on a trigger, a reset at completion, a cancel or a detach. A
/// superseded run ending late changes nothing and notifies nobody.
///
/// ```swift
/// let runner = TaskTriggerRunner { (page: Int) in print("load page", page) }
/// _ = withTracking { runner.isRunning } didChange: { print("running changed") }
/// runner.trigger(value: 1)  // prints "running changed": isRunning became true
/// ```
///
/// ```swift
/// @MainActor final class SearchModel {
///   private(set) var results: [String] = []
///   // Lazy, so that the action can capture self; the initialiser is nonisolated for this.
///   private lazy var search = TaskTriggerRunner { [weak self] (query: String) in
///     let found = await Catalog.search(query)
///     guard !Task.isCancelled else { return }  // Superseded: drop the stale answer.
///     self?.results = found
///   }
///
///   func queryChanged(_ query: String) { search.trigger(value: query) }
/// }
/// ```
@MainActor
public final class TaskTriggerRunner<Value: Equatable & Sendable>: TrackedObject {
  typealias Machine = TriggerStateMachine<Value>

  /// The registry that ``state`` and ``isRunning`` report their reads and changes to.
  public nonisolated let observationRegistry = ObservationRegistry()

  /// The runner's idleness as its ``waitUntilIdle()`` callers see it, and those callers.
  struct IdleWaiters {
    /// Whether no run's task is in flight: `tasks.isEmpty`, copied here whenever it flips.
    var isIdle = true
    var waiters = WaiterQueue<Void>()
  }

  private let priority: TaskPriority?
  private let action: @MainActor @Sendable (Value) async -> Void
  private var machine = Machine()
  /// Counts the events applied to `machine`, so that ``update(_:)`` can tell that a will-set
  /// callback applied one of its own meanwhile.
  private var eventsApplied: UInt64 = 0
  /// Every task still in flight, the current one and superseded ones alike, by generation.
  private(set) var tasks: [UInt64: Task<Void, Never>] = [:]
  /// ``waitUntilIdle()``'s callers, behind a lock: a waiter's cancellation handler runs on
  /// whichever thread cancels it, not on the main actor.
  let idle = LockedState(IdleWaiters())

  /// Creates an attached runner with nothing requested.
  ///
  /// The initialiser is `nonisolated` so that a main-actor class can create its runner in a
  /// property's initial value (`lazy var loader = TaskTriggerRunner { … }`). Swift checks an
  /// initial value as it checks a default argument: all of it must need one isolation at
  /// most, and the check also counts the calls inside a closure, so an action that awaits a
  /// nonisolated async function (a network call, `Task.sleep`) needs "nonisolated" there.
  /// Beside a main-actor initialiser, that was the error "default argument cannot be both
  /// main actor-isolated and nonisolated". Creating a runner touches no main-actor state;
  /// everything it does afterwards is main-actor isolated.
  ///
  /// - Parameters:
  ///   - priority: The priority of each run's task; `nil` inherits the caller's.
  ///   - action: The work for one request. It is cancelled when a newer trigger,
  ///     ``cancel()``, ``detach()`` or the runner's release supersedes it, and should check
  ///     for cancellation before it publishes results.
  public nonisolated init(
    priority: TaskPriority? = nil,
    action: @escaping @MainActor @Sendable (Value) async -> Void
  ) {
    self.priority = priority
    self.action = action
  }

  deinit {
    // Runs hold the runner weakly, so they cannot keep it alive; cancelling them is what
    // stops their actions, and `mayStart` (unreachable without the runner) stops the rest.
    // No one waits in `idle`: a waiter holds the runner.
    for task in tasks.values { task.cancel() }
  }

  /// What is requested: ``TaskTrigger/State/active(value:id:)`` from a trigger until its run
  /// ends, is cancelled or superseded.
  public var state: TaskTrigger<Value>.State {
    observationRegistry.access(self, keyPath: \.state)
    return machine.state
  }

  /// Whether the action runs for the current request. `false` for a request waiting for
  /// ``attach()``, and for superseded actions that still run because they ignore cancellation.
  public var isRunning: Bool {
    observationRegistry.access(self, keyPath: \.isRunning)
    return machine.isRunning
  }

  /// Requests a run with `value`, cancelling the running one unless it has the same value and
  /// id.
  ///
  /// - Parameters:
  ///   - value: What the action receives.
  ///   - id: A fresh id (the default) always restarts; repeat an id to leave a running
  ///     request alone.
  public func trigger(value: Value, id: UUID = UUID()) {
    update { $0.trigger(value: value, id: id) }
  }

  /// Resets ``state`` to ``TaskTrigger/State/none`` and cancels the running action.
  public func cancel() {
    update { $0.cancel() }
  }

  /// Resumes after ``detach()``, like a view appearing: starts a request that arrived while
  /// detached. Does nothing when already attached.
  public func attach() {
    update { $0.attach() }
  }

  /// Like a view disappearing: cancels the running action and resets ``state``; triggers
  /// wait for ``attach()``. Does nothing when already detached.
  public func detach() {
    update { $0.detach() }
  }

  /// Suspends until no action runs, superseded ones included; returns early if the waiting
  /// task is cancelled, as ``Debouncing/waitUntilIdle()`` does.
  ///
  /// Returns at once when nothing runs; a request waiting for ``attach()`` does not count.
  ///
  /// - Precondition: Not called from inside this runner's own action, which it would wait
  ///   for until the end of time. Return from the action instead.
  public func waitUntilIdle() async {
    preconditionNotWaitingFromInsideTheAction(
      RunningAction.isRunning(for: self), "TaskTriggerRunner", "runner", caller: "triggers")
    // Checked here, on the main actor where `tasks` changes, so that a call while nothing
    // runs returns at once even if a run starts before the wait below takes the lock.
    guard !tasks.isEmpty else { return }
    // The shared waiter queue, and its cancellation rule: a cancelled waiter is resumed at
    // once, whether it was already suspended or not yet. The check is `@Sendable` because the
    // wait runs it under the lock, off the main actor.
    await idle.wait(in: \.waiters, for: ()) { @Sendable idle in idle.isIdle }
  }

  /// The one place where the state changes: every event goes through here, and so does every
  /// announcement to ``observationRegistry``. Internal, not private, for the test-only `tap`.
  func update(_ event: (inout Machine) -> Machine.Action) {
    // The event is applied to a copy and committed after the will-set announcements, so that
    // before-store scopes still read the old values. The action says what changes, so only
    // those properties are announced, and a no-op event (a superseded run returning)
    // notifies nobody.
    var next = machine
    var action = event(&next)
    let changes = action.changes
    let applied = eventsApplied
    if changes.contains(.state) { observationRegistry.willSet(self, keyPath: \.state) }
    if changes.contains(.isRunning) { observationRegistry.willSet(self, keyPath: \.isRunning) }
    if eventsApplied == applied {
      machine = next
    } else {
      // A will-set callback called the runner re-entrantly, and its event is applied. This
      // one lands after it, as a store lands after its will-set: applied again, to the live
      // machine, so that the callback's event is not lost. Only then does an event run twice.
      action = event(&machine)
    }
    eventsApplied &+= 1
    perform(action.tasks)
    if changes.contains(.state) { observationRegistry.didSet(self, keyPath: \.state) }
    if changes.contains(.isRunning) { observationRegistry.didSet(self, keyPath: \.isRunning) }
  }

  private func perform(_ action: Machine.TaskAction) {
    switch action {
    case .none:
      break
    case .cancel(let generation):
      tasks[generation]?.cancel()
    case .start(let run, let superseded):
      if let superseded { tasks[superseded]?.cancel() }
      start(run)
    }
  }

  private func start(_ run: Machine.Run) {
    if tasks.isEmpty { idle.withLock { $0.isIdle = false } }
    let action = self.action
    // `self` is weak so that a run in flight does not keep a released runner alive.
    tasks[run.generation] = Task(priority: priority) { @MainActor [weak self] in
      if self?.machine.mayStart(run) == true, let owner = self.map(ObjectIdentifier.init) {
        await RunningAction.run(for: owner) { await action(run.value) }
      }
      self?.runReturned(run)
    }
  }

  private func runReturned(_ run: Machine.Run) {
    update { $0.runReturned(run) }
    tasks[run.generation] = nil
    guard tasks.isEmpty else { return }
    let waiters = idle.withLock { idle in
      idle.isIdle = true
      return idle.waiters.removeSatisfied { true }
    }
    for waiter in waiters { waiter.resume() }
  }
}
