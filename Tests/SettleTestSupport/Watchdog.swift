import Foundation
import Settle

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The test process's own clock for deciding that something hangs, kept by a thread outside the
/// cooperative pool.
///
/// A wall-clock limit turns "the machine is busy" into "the code hangs": on two cores shared
/// with other builds, or beside a test that keeps the pool's threads busy, a wait that needs a
/// few milliseconds of CPU can take seconds of real time. So the limits of the suite's waits
/// count *live time* instead, which the watchdog thread advances every 100 ms tick by:
///
/// - **nothing, when the pool did not answer.** Each tick the thread posts a tiny task (a
///   heartbeat) to the global executor. While the previous one has not run yet, the pool's
///   threads are all busy or starved, so the work a test awaits could not have run either, and
///   the tick does not count.
/// - **the machine's share, when it did.** The tick counts in proportion to the share of a core
///   that each runnable thread gets: cores ÷ runnable threads, at most 1 (on Linux from
///   `/proc/loadavg` at that instant; elsewhere from the one-minute load average, which lags a
///   load that starts suddenly). With three busy processes per core beside the suite, a
///   second of real time counts about a quarter of a second.
///
/// On an idle machine live time is real time, so a wait that never completes fails in its limit
/// (10 s by default), as it always did. Under load the limit stretches exactly as much as the
/// awaited work slows down.
///
/// The thread also ends a run in which nothing progresses: when for ``stallLimit`` of
/// load-weighted time no bounded wait has started or returned and no long search has reported
/// progress (``noteProgress()``), it prints the waits in flight, with their tests, and exits
/// the process with status 70. That catches what a bounded wait cannot: work that spins on every
/// pool thread (then no heartbeat runs, and live time stands still), or a test stuck outside
/// any bounded wait. Because this clock does not need the pool, it runs out even when the pool
/// never answers again.
public final class Watchdog: Sendable {
  /// The process's one watchdog; its thread starts on first use.
  public static let shared = Watchdog()

  /// How long the process may go without progress before the watchdog ends it: 40 s of
  /// load-weighted time, or `SETTLE_STALL_LIMIT_SECONDS`. CI raises it under the sanitizers,
  /// which slow single searches down several times.
  public static let stallLimit = Environment.seconds("SETTLE_STALL_LIMIT_SECONDS", default: 40)

  static let tick: Duration = .milliseconds(100)

  /// A wait or timer registered with the watchdog.
  public struct Ticket: Hashable, Sendable {
    fileprivate let id: UInt64
  }

  private struct Timer {
    var deadline: Duration  // in live time
    var description: String
    var startedAt: ContinuousClock.Instant
    var expire: @Sendable () -> Void
  }

  private struct State {
    var started = false
    var nextID: UInt64 = 0
    /// The tests running now, by ticket (see ``WatchedTrait``).
    var tests: [UInt64: (name: String, startedAt: ContinuousClock.Instant)] = [:]
    /// Live time since the thread started.
    var live: Duration = .zero
    /// Load-weighted time since anything progressed.
    var stalled: Duration = .zero
    var heartbeatPending = false
    var timers: [UInt64: Timer] = [:]

    mutating func issueTicket() -> Ticket {
      nextID += 1
      return Ticket(id: nextID)
    }
  }

  private let state = LockedState(State())

  private init() {}

  /// Calls `expire` once `limit` of live time has passed, unless ``cancel(_:)`` comes first;
  /// `description` names the wait in the watchdog's report. Counts as progress.
  ///
  /// `expire` runs on the watchdog's thread, outside its lock: it must only resume or signal.
  public func schedule(
    after limit: Duration, _ description: String, expire: @escaping @Sendable () -> Void
  ) -> Ticket {
    progress { state in
      let ticket = state.issueTicket()
      state.timers[ticket.id] = Timer(
        deadline: state.live + limit, description: description,
        startedAt: ContinuousClock.now, expire: expire)
      return ticket
    }
  }

  /// Forgets a timer that has not expired; a no-op after it has. Counts as progress.
  public func cancel(_ ticket: Ticket) {
    progress { $0.timers[ticket.id] = nil }
  }

  /// Tells the watchdog that the process is progressing: a long search calls it now and then,
  /// so that a minute of honest work is not taken for a livelock.
  ///
  /// - Complexity: O(1): one lock.
  public func noteProgress() {
    progress { _ in }
  }

  /// A test started; ``WatchedTrait`` calls it. Counts as progress.
  func testStarted(_ name: String) -> Ticket {
    progress { state in
      let ticket = state.issueTicket()
      state.tests[ticket.id] = (name, ContinuousClock.now)
      return ticket
    }
  }

  /// A test ended. Counts as progress.
  func testEnded(_ ticket: Ticket) {
    progress { $0.tests[ticket.id] = nil }
  }

  /// Applies one step of progress under the lock: the stall clock starts again, and the
  /// watchdog's thread starts on the process's first step.
  private func progress<Result>(_ body: (inout State) -> Result) -> Result {
    let (result, isFirst) = state.withLock { state in
      state.stalled = .zero
      defer { state.started = true }
      return (body(&state), !state.started)
    }
    if isFirst { startThread() }
    return result
  }

  private func startThread() {
    let thread = Thread { [self] in
      while true {
        // The one place the suite sleeps on real time: this is the clock that live time and
        // the stall limit are counted from, on a thread that no test awaits.
        usleep(UInt32(Self.tick.components.attoseconds / 1_000_000_000_000))
        advance()
      }
    }
    thread.name = "Settle test watchdog"
    thread.start()
  }

  private func advance() {
    let weight = Self.loadWeight()
    let (expired, postHeartbeat, stalled) = state.withLock {
      state -> ([Timer], Bool, Report?) in
      let answered = !state.heartbeatPending
      if answered { state.live += Self.tick * weight }
      state.stalled += Self.tick * weight
      let due = state.timers.filter { $0.value.deadline <= state.live }
      for id in due.keys { state.timers[id] = nil }
      state.heartbeatPending = true
      let stalled =
        state.stalled >= Self.stallLimit
        ? Report(tests: Array(state.tests.values), waits: Array(state.timers.values)) : nil
      return (Array(due.values), answered, stalled)
    }
    for timer in expired { timer.expire() }
    if let stalled { Self.endTheRun(stalled) }
    if postHeartbeat {
      Task.detached { [self] in state.withLock { $0.heartbeatPending = false } }
    }
  }

  /// The share of a core each runnable thread gets, at most 1.
  private static func loadWeight() -> Double {
    let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
    #if os(Linux)
      if let runnable = runnableThreads() { return min(1, cores / Double(max(1, runnable - 1))) }
    #endif
    // Elsewhere, the one-minute load average: it lags a load that starts suddenly, but sees
    // one that lasts. It counts this process's own busy threads too, as the Linux count does.
    var load = [0.0]
    guard getloadavg(&load, 1) == 1 else { return 1 }
    return min(1, cores / max(1, load[0]))
  }

  #if os(Linux)
    /// The threads runnable on the whole machine at this instant, this one included: the
    /// fourth field of `/proc/loadavg`, "runnable/total".
    private static func runnableThreads() -> Int? {
      guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
        return nil
      }
      let fields = text.split(separator: " ")
      guard fields.count > 3, let slash = fields[3].firstIndex(of: "/") else { return nil }
      return Int(fields[3][..<slash])
    }
  #endif

  /// What was in flight when the process stopped progressing.
  private struct Report {
    var tests: [(name: String, startedAt: ContinuousClock.Instant)]
    var waits: [Timer]
  }

  private static func endTheRun(_ stalled: Report) -> Never {
    let now = ContinuousClock.now
    var report = """
      error: the test process made no progress for \(stallLimit) of load-weighted time \
      (SETTLE_STALL_LIMIT_SECONDS): a livelock, or a hang outside the bounded waits. \
      Ending the run.

      """
    report += stalled.tests.isEmpty ? "No test is running.\n" : "Tests running, oldest first:\n"
    for test in stalled.tests.sorted(by: { $0.startedAt < $1.startedAt }) {
      report += "  - \(test.name), for \(now - test.startedAt) of real time\n"
    }
    report += stalled.waits.isEmpty ? "No bounded wait is in flight.\n" : "Waits in flight:\n"
    for wait in stalled.waits.sorted(by: { $0.startedAt < $1.startedAt }) {
      report += "  - \(wait.description), for \(now - wait.startedAt) of real time\n"
    }
    // write(2) on the descriptor: nothing buffered, nothing shared to race with.
    var bytes = Array(report.utf8)
    _ = write(2, &bytes, bytes.count)
    _exit(70)
  }
}
