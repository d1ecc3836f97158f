/// Which Settle object's action the current task is running, so that a call that waits for
/// that action to return (`waitUntilIdle()` from inside it) stops with a message instead of
/// waiting for ever.
///
/// Set with a task-local around the action's call, so that `send` pays nothing for it. A task
/// that the action creates inherits task-locals, and may wait for the owner legitimately
/// (the action returns meanwhile): the marker therefore also records the task that runs the
/// action, and is switched off when the action returns, so that a later task that happens to
/// reuse the run task's address never matches. A structured child of the action (`async let`,
/// a task group) that waits is not detected; it hangs as it did before.
@usableFromInline
package final class RunningAction: Sendable {
  /// The object whose action runs.
  let owner: ObjectIdentifier
  /// The task that runs it.
  let task: Int?
  /// Whether the action is still running; while it is, `task` is alive and unique.
  let isActive = LockedState(true)

  private init(owner: ObjectIdentifier, task: Int?) {
    self.owner = owner
    self.task = task
  }

  /// The action being run by this task, if any. A plain `TaskLocal` constant rather than
  /// `@TaskLocal`, which expands differently across SDKs.
  package static let current = TaskLocal<RunningAction?>(wrappedValue: nil)

  /// Runs `action` marked as the action of the object `owner` identifies; an identifier, not
  /// the object, so that a running action never keeps its owner alive.
  @usableFromInline
  package static func run<Outcome>(
    for owner: ObjectIdentifier,
    isolation: isolated (any Actor)? = #isolation,
    _ action: () async -> Outcome
  ) async -> Outcome {
    let marker = RunningAction(owner: owner, task: currentTask())
    let outcome = await current.withValue(marker, operation: action)
    marker.isActive.withLock { $0 = false }
    return outcome
  }

  /// Whether the calling task is the one running `owner`'s action.
  package static func isRunning<Owner: AnyObject>(for owner: Owner) -> Bool {
    guard let running = current.get(), running.owner == ObjectIdentifier(owner) else {
      return false
    }
    return running.isActive.withLock { $0 } && running.task == currentTask()
  }

  private static func currentTask() -> Int? {
    withUnsafeCurrentTask { $0?.hashValue }
  }
}
