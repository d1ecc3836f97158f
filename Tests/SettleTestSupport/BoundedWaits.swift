import Settle
import SettleTesting
import Testing

// The waits tests make most often, each through `bounded(_:within:isolation:sourceLocation:_:)`,
// so that a call site stays one line. Each names what it waits for and, past the limit, the
// state it found then: a timeout message says what never happened and what had.

extension PacedRuns where Table.Key == SoleKey {
  /// `waitUntilIdle()`, bounded.
  package func waitUntilIdleBounded(
    _ awaited: @autoclosure () -> String = "the engine to be idle",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "\(awaited()) (\(stateSummary))", within: limit, sourceLocation: sourceLocation
    ) { await self.waitUntilIdle() }
  }

  /// `flush()`, bounded.
  package func flushBounded(
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "flush() to return (\(stateSummary))", within: limit, sourceLocation: sourceLocation
    ) { await self.flush() }
  }

  /// `waitUntilQuiescent()`, bounded.
  package func waitUntilQuiescentBounded(
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "the engine to be quiescent (\(stateSummary))", within: limit,
      sourceLocation: sourceLocation
    ) { await self.waitUntilQuiescent() }
  }

  /// What a timeout message shows of the engine.
  var stateSummary: String {
    "pending: \(isPending), runs in flight: \(activeRunCount), timer: \(hasTimer)"
  }
}

extension TimedRunsOwner {
  /// `waitUntilIdle()`, bounded: for a `Debouncer` or a `Throttler`.
  public func waitUntilIdleBounded(
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await runs.waitUntilIdleBounded(
      "the \(Self.self) to be idle", within: limit, sourceLocation: sourceLocation)
  }

  /// `flush()`, bounded: for a `Debouncer` or a `Throttler`.
  public func flushBounded(
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await runs.flushBounded(within: limit, sourceLocation: sourceLocation)
  }

  /// `waitUntilQuiescent()`, bounded: for a `Debouncer` or a `Throttler`.
  public func waitUntilQuiescentBounded(
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await runs.waitUntilQuiescentBounded(within: limit, sourceLocation: sourceLocation)
  }
}

extension TaskTriggerRunner {
  /// `waitUntilIdle()`, bounded.
  public func waitUntilIdleBounded(
    within limit: Duration = BoundedWait.limit,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "the runner to be idle (state: \(state), running: \(isRunning), "
        + "tasks in flight: \(inFlightTasks.count))",
      within: limit, sourceLocation: sourceLocation
    ) { await self.waitUntilIdle() }
  }
}

extension ValueRecorder {
  /// `waitForCount(_:)`, bounded; `awaited` says what the count stands for, when a bare
  /// count would not.
  public func waitForCountBounded(
    _ count: Int,
    _ awaited: @autoclosure () -> String = "",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "\(awaited().isEmpty ? "" : "\(awaited()): ")\(count) recorded values "
        + "(there are \(self.count): \(values))",
      within: limit, sourceLocation: sourceLocation
    ) { await self.waitForCount(count) }
  }
}

extension ManualClock {
  /// `waitForSleepers(count:)`, bounded.
  public func waitForSleepersBounded(
    count: Int,
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "\(count) sleepers on the clock (there are \(sleeperCount), now \(now))", within: limit,
      sourceLocation: sourceLocation
    ) { await self.waitForSleepers(count: count) }
  }
}

extension AsyncGate {
  /// `wait()`, bounded.
  public func waitBounded(
    _ awaited: @autoclosure () -> String = "a gate to open",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(awaited(), within: limit, sourceLocation: sourceLocation) {
      await self.wait()
    }
  }
}

extension LifetimeTracker {
  /// `waitUntilReleased()`, bounded.
  public func waitUntilReleasedBounded(
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "every token to be released (\(liveCount) live)", within: limit,
      sourceLocation: sourceLocation
    ) { await self.waitUntilReleased() }
  }
}

extension Task {
  /// The task's `result`, bounded.
  public func resultBounded(
    _ awaited: @autoclosure () -> String = "a task to return",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Result<Success, Failure> {
    try await bounded(awaited(), within: limit, sourceLocation: sourceLocation) {
      await self.result
    }
  }
}

extension Task where Failure == Never {
  /// The task's `value`, bounded.
  @discardableResult
  public func valueBounded(
    _ awaited: @autoclosure () -> String = "a task to return",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Success {
    try await bounded(awaited(), within: limit, sourceLocation: sourceLocation) {
      await self.value
    }
  }
}

extension Task where Failure == any Error {
  /// The task's `value`, bounded; throws what the task threw.
  @discardableResult
  public func valueBounded(
    _ awaited: @autoclosure () -> String = "a task to return",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Success {
    try await bounded(awaited(), within: limit, sourceLocation: sourceLocation) {
      try await self.value
    }
  }
}

extension ManualSequence {
  /// `waitForDemand()`, bounded; `awaited` says what the demand stands for.
  public func waitForDemandBounded(
    _ awaited: @autoclosure () -> String = "the consumer to ask for the next element",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(awaited(), within: limit, sourceLocation: sourceLocation) {
      await self.waitForDemand()
    }
  }

  /// `waitForCancellation()`, bounded.
  public func waitForCancellationBounded(
    _ awaited: @autoclosure () -> String = "the consumer's next() to be cancelled",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(awaited(), within: limit, sourceLocation: sourceLocation) {
      await self.waitForCancellation()
    }
  }
}

extension ManualClock {
  /// Moves to one millisecond before `ms`, waits there until `count` tasks sleep, then moves
  /// to `ms`: a value due at `ms` that ran early fails the wait by name instead of passing
  /// unseen, since a run the advance passes on its way records the instant it ends at.
  public func advance(
    toMs ms: Int,
    expectingSleepersJustBefore count: Int,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    await advance(toMs: ms - 1)
    try await waitForSleepersBounded(count: count, sourceLocation: sourceLocation)
    await advance(toMs: ms)
  }
}
