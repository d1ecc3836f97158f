/// The timer tasks of an engine that a machine world models, written once for
/// ``TimedMachineWorld`` and ``KeyedMachineWorld``: each task sleeps toward a tick or is
/// runnable at once, a cancelled one wakes at once, and only the generation the machine owns
/// (the live one) may act; the others must retire when they wake.
struct ModelTimerTasks: CustomStringConvertible {
  struct Task: CustomStringConvertible {
    var generation: UInt64
    /// Where it sleeps; `nil` while it is runnable at once (just started, or looping).
    var sleepsUntil: Int?
    /// Its task was cancelled: a sleep ends at once.
    var cancelled = false
    var description: String {
      "T\(generation)@\(sleepsUntil.map(String.init) ?? "now")\(cancelled ? "c" : "")"
    }
  }

  private(set) var tasks: [Task] = []
  /// The generation of the timer the machine owns; any other has been replaced.
  private(set) var live: UInt64?

  var isEmpty: Bool { tasks.isEmpty }

  subscript(index: Int) -> Task { tasks[index] }

  func isRunnable(_ task: Task, at now: Int) -> Bool {
    task.cancelled || (task.sleepsUntil.map { $0 <= now } ?? true)
  }

  /// The indices of the tasks that can wake at `now`, in order.
  func runnable(at now: Int) -> [Int] {
    tasks.indices.filter { isRunnable(tasks[$0], at: now) }
  }

  func isLive(_ index: Int) -> Bool { tasks[index].generation == live }

  /// Whether a task of `generation` is still running.
  func hasTask(of generation: UInt64) -> Bool { tasks.contains { $0.generation == generation } }

  /// The machine started timer `generation`: a second one while the live task still runs is a
  /// violation.
  mutating func start(_ generation: UInt64) -> String? {
    if let live, tasks.contains(where: { $0.generation == live }) {
      return "timer \(generation) started while timer \(live) still runs"
    }
    live = generation
    tasks.append(Task(generation: generation))
    return nil
  }

  /// The keyed engine replaced the live task with timer `generation`, because an entry was
  /// filed ahead of the deadline it sleeps toward: the old task is cancelled and retires when
  /// it wakes. Replacing a task that is not asleep is a violation: it is about to look anyway.
  mutating func replace(with generation: UInt64) -> String? {
    if let live, let task = tasks.first(where: { $0.generation == live }),
      task.sleepsUntil == nil
    {
      return "timer \(generation) replaced timer \(live), which was awake"
    }
    cancelLive()
    return start(generation)
  }

  /// The engine cancelled the live task, so that its sleep ends at once: as `cancel()` does,
  /// which also takes the timer from the machine, or as a shutdown that runs the pending value
  /// does, after which the machine still owns it (`stillOwned`) and it stops when it wakes.
  mutating func cancelLive(stillOwned: Bool = false) {
    for index in tasks.indices where tasks[index].generation == live {
      tasks[index].cancelled = true
    }
    if !stillOwned { live = nil }
  }

  /// The woken task at `index` sleeps until `tick`, which must lie after `now`.
  mutating func sleep(_ index: Int, until tick: Int, now: Int) -> String? {
    guard tick > now else { return "the timer sleeps until \(tick), not after now (\(now))" }
    tasks[index].sleepsUntil = tick
    tasks[index].cancelled = false
    return nil
  }

  /// The woken task at `index` started a run and loops at once.
  mutating func loop(_ index: Int) { tasks[index].sleepsUntil = nil }

  /// The woken task at `index` ends: stopped (the live one) or retired (a replaced one).
  mutating func end(_ index: Int) {
    if isLive(index) { live = nil }
    tasks.remove(at: index)
  }

  var description: String { "\(tasks)|\(live.map(String.init) ?? "-")" }
}
