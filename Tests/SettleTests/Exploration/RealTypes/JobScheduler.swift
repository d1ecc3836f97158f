// Uses `LockedState` (package) only as a plain lock; any lock would do.
import Foundation
import Settle

/// The jobs the Swift runtime would hand to the global executor, caught and run one at a
/// time in an order the test chooses.
///
/// The runtime calls `swift_task_enqueueGlobal_hook`, when set, for every job enqueued on the
/// global concurrent executor: a new task, a task resumed by a continuation or a clock, an
/// actor with work to do. The hook installed here keeps a job only when it is enqueued from
/// the thread that is exploring, and passes every other job on, so tests running beside the
/// exploration are untouched. The exploring thread is a plain thread, not a task: it runs each
/// kept job to its next suspension with `runSynchronously(on:)`, and whatever that job
/// enqueues is kept in turn.
enum JobCapture {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private struct State {
    var explorer: pthread_t?
    var jobs: [(job: UnownedJob, executor: ExplorationExecutor)] = []
    var installed = false
  }

  private static let state = LockedState(State())

  /// The runtime's hook variable, found by name: it is exported by the concurrency library
  /// for exactly this kind of use (a custom global executor), though not declared in Swift.
  nonisolated(unsafe) private static let hookVariable: UnsafeMutablePointer<Hook?> = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_enqueueGlobal_hook") else {
      fatalError("swift_task_enqueueGlobal_hook is missing from this Swift runtime")
    }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()

  /// Installs the hook once; it stays, passing jobs on, when no exploration runs.
  static func install() {
    let first = state.withLock { state -> Bool in
      defer { state.installed = true }
      return !state.installed
    }
    if first { hookVariable.pointee = { job, original in JobCapture.enqueue(job, original) } }
  }

  private static func enqueue(_ job: UnownedJob, _ original: Original) {
    let kept = state.withLock { state -> Bool in
      guard let explorer = state.explorer, pthread_equal(explorer, pthread_self()) != 0 else {
        return false
      }
      state.jobs.append((job, ExplorationExecutor.shared))
      return true
    }
    if !kept { original(job) }
  }

  /// Keeps `job` whatever the thread: a job enqueued on ``ExplorationExecutor``.
  static func keep(_ job: UnownedJob, on executor: ExplorationExecutor) {
    state.withLock { state in
      precondition(
        state.explorer != nil, "a job reached the exploration executor outside an exploration")
      state.jobs.append((job, executor))
    }
  }

  /// Makes the calling thread the exploring one: jobs it enqueues are kept from now on.
  static func beginCapturing() {
    state.withLock { state in
      precondition(state.explorer == nil, "two explorations at once")
      state.explorer = pthread_self()
      state.jobs = []
    }
  }

  /// Ends capturing; returns the jobs still kept, which the caller must run or report.
  static func endCapturing() -> Int {
    state.withLock { state in
      state.explorer = nil
      defer { state.jobs = [] }
      return state.jobs.count
    }
  }

  /// How many jobs are kept and runnable.
  static var runnableCount: Int { state.withLock { $0.jobs.count } }

  /// Delays the first `delays` jobs of the queue (each moves to its back, in order), then runs
  /// and forgets the job now first: the round-robin scheduler of delay-bounded search, where
  /// a delayed job waits behind everything runnable when it was delayed, but not behind what
  /// those jobs enqueue afterwards.
  static func run(delaying delays: Int) {
    let (job, executor) = state.withLock { state in
      let delayed = state.jobs.prefix(delays)
      state.jobs.removeFirst(delays)
      state.jobs.append(contentsOf: delayed)
      return state.jobs.removeFirst()
    }
    executor.run(job)
  }
}

/// The executors kept jobs run on: they give them an executor to run on, and keep, like the
/// hook, any job enqueued on them (a task that yields comes back to its current executor).
///
/// ``shared`` runs the global executor's jobs; ``actor`` is the executor of
/// ``ExplorationActor``, the scenarios' one actor. A default actor does not work here: drained
/// inside a job run on an executor of ours, it loses the jobs that yield back to it.
final class ExplorationExecutor: SerialExecutor, @unchecked Sendable {
  static let shared = ExplorationExecutor()
  static let actor = ExplorationExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    // A job that yields (or otherwise resumes) while running here comes back here.
    JobCapture.keep(UnownedJob(job), on: self)
  }

  func run(_ job: UnownedJob) {
    job.runSynchronously(on: asUnownedSerialExecutor())
  }
}
