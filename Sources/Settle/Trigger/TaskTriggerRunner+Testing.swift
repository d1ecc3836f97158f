extension TaskTriggerRunner {
  /// For tests: the tasks in flight, to await runs after the runner is gone.
  package var inFlightTasks: [Task<Void, Never>] { Array(tasks.values) }
}
