// Uses `LockedState` and `WaiterQueue` (package) only as a plain lock and waiter list; any
// lock would do.
import Settle
import SettleTestSupport
import Testing

/// A serial executor that runs jobs only when the test says so.
///
/// Holding a job in the queue models "the actor is busy": a test can act while a job for the
/// actor is known to be enqueued and not yet run, with no timing involved.
final class StepExecutor: SerialExecutor, @unchecked Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var waiters = WaiterQueue<Int>()
  }

  private let state = LockedState(State())

  func enqueue(_ job: consuming ExecutorJob) {
    let unowned = UnownedJob(job)
    let waiters = state.withLock { state in
      state.jobs.append(unowned)
      let count = state.jobs.count
      return state.waiters.removeSatisfied { $0 <= count }
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until at least `count` jobs are queued; bounded, so a job that never comes fails
  /// the test by name.
  func waitForJobs(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await bounded(
      "\(count) jobs queued on the stepped actor (there are \(state.withLock { $0.jobs.count }))",
      sourceLocation: sourceLocation
    ) {
      await self.state.wait(in: \.waiters, for: count) { $0.jobs.count >= count }
    }
  }

  /// Runs the queued jobs, and the jobs they enqueue, until the queue is empty.
  func drain() {
    while let job = state.withLock({ $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() }) {
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }
}

/// A global actor whose jobs run only when the test drains ``StepExecutor``.
@globalActor actor SteppedActor {
  static let shared = SteppedActor()
  static let executor = StepExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }
}
