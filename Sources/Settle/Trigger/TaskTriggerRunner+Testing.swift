#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaskTriggerRunner {
  /// For tests: the tasks in flight, to await runs after the runner is gone.
  package var inFlightTasks: [Task<Void, Never>] { Array(tasks.values) }

  /// For tests: how many ``waitUntilIdle()`` callers are suspended in the queue, to cancel one
  /// known to be there.
  package nonisolated var idleWaiterCount: Int { idle.withLock { $0.waiters.count } }

  /// For tests: applies a button tap with `behavior`, as `TaskTriggerButton` does to its own
  /// trigger, so that the behaviours can be driven with real tasks on Linux.
  package func tap(_ behavior: TaskTriggerButtonBehavior, value: Value, id: UUID = UUID()) {
    update { $0.tap(behavior, value: value, id: id) }
  }
}
