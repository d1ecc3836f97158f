// Uses `LockedState` (package) only as a plain lock; any lock would do.
import Foundation
import Settle
import SettleTestSupport

/// A small scenario on the real types, built afresh for every schedule the explorer tries.
///
/// `start()` creates the scenario's tasks (its script, usually one); everything they and the
/// code under test enqueue is then run one job at a time, in the explorer's order. Once no
/// job is left, `check()` judges the run.
protocol JobScenario: AnyObject, SendableMetatype {
  init()
  /// Creates the scenario's first tasks; runs on the exploring thread.
  func start()
  /// The guarantees, once every job has run; `nil` when they hold.
  func check() -> String?
  /// What happened so far, in order, for a failing schedule's trace.
  var events: EventLog { get }
  /// A guarantee already broken while jobs still run, checked after every job: the schedule
  /// stops there, before a broken engine reaches one of its own internal checks.
  func brokenSoFar() -> String?
}

extension JobScenario {
  func brokenSoFar() -> String? { nil }
}

/// What a scenario saw happen, in order: the trace of a failing schedule lists, for each job
/// the explorer chose, the events that job produced.
final class EventLog: Sendable {
  private let entries = LockedState([String]())

  func record(_ event: String) { entries.withLock { $0.append(event) } }
  var count: Int { entries.withLock { $0.count } }
  func since(_ start: Int) -> [String] { entries.withLock { Array($0[start...]) } }
}

/// The outcome of exploring one scenario's schedules.
struct ScheduleReport: CustomStringConvertible, Sendable {
  var schedules = 0
  /// The most jobs one schedule ran.
  var longest = 0
  /// The most choice points (steps where more than one job could run) in one schedule.
  var choicePoints = 0
  /// Whether the schedule limit ended the search before every schedule was tried.
  var bounded = false
  /// The delay bound, if the search had one (see ``exploreSchedules(_:delays:limit:)``).
  var delayBound: Int?
  /// The failing schedule with the fewest jobs, if any failed.
  var violation: SearchReport.Violation?
  /// How many jobs ``violation``'s schedule ran.
  var violationJobs = Int.max

  var description: String {
    let scope =
      delayBound.map { "every schedule with at most \($0) delays" } ?? "every schedule"
    return
      "\(schedules) schedules (\(bounded ? "limit reached before \(scope)" : scope)), up to \(longest) jobs and \(choicePoints) choice points"
      + (violation.map { "; VIOLATION: \($0)" } ?? "")
  }
}

/// Runs `Scenario` under every order of its jobs, depth first: the first schedule always runs
/// the job at the head of the queue; each next one changes the last choice that has an
/// untried alternative within the bound. This is stateless model checking, as CHESS and Loom do it: a schedule is the
/// list of choices, and each is replayed from a fresh scenario.
///
/// Runs on a thread of its own (``onThreadOfItsOwn(_:)``), which it makes the exploring thread
/// (see ``JobCapture``).
///
/// - Parameters:
///   - delays: When not `nil`, the delay bound of delay-bounded search (Emmi, Qadeer and
///     Rakamarić): the jobs wait in a round-robin queue, and a schedule may *delay* the job at
///     its head, which moves it to the back, at most this many times in all; a step that
///     delays two jobs spends two. The count of schedules is then polynomial in the
///     scenario's length, every schedule within the bound is tried, and one delay already
///     lets every other runnable job go first. `nil` tries every schedule.
///   - limit: A safety stop: at most this many schedules; the report says if it was reached.
func exploreSchedules<Scenario: JobScenario>(
  _: Scenario.Type, delays: Int? = nil, limit: Int
) async -> ScheduleReport {
  await onThreadOfItsOwn {
    // One exploration at a time: the capture is process-wide. The wait is on this thread,
    // not on the cooperative pool.
    explorationTurn.wait()
    defer { explorationTurn.signal() }
    return exploreSchedulesOnThisThread(Scenario.self, delays: delays, limit: limit)
  }
}

private let explorationTurn = DispatchSemaphore(value: 1)

private func exploreSchedulesOnThisThread<Scenario: JobScenario>(
  _: Scenario.Type, delays: Int?, limit: Int
) -> ScheduleReport {
  JobCapture.install()
  var report = ScheduleReport()
  report.delayBound = delays
  var prefix: [Int] = []
  while true {
    let run = runSchedule(Scenario.self, choices: prefix)
    report.schedules += 1
    // A deep search runs for minutes: say it is working, not stuck.
    if report.schedules % 64 == 0 { Watchdog.shared.noteProgress() }
    report.longest = max(report.longest, run.jobs)
    report.choicePoints = max(report.choicePoints, run.decisions.count)
    if let broken = run.violation, run.jobs < report.violationJobs {
      report.violation = .init(message: broken, trace: run.trace)
      report.violationJobs = run.jobs
    }
    var decisions = run.decisions
    // The next schedule: the last choice point that can still pick a later job within the
    // delay bound picks it, and everything after it starts over from the oldest job.
    while let last = decisions.last {
      let spent = decisions.dropLast().reduce(0) { $0 + $1.choice }
      if last.choice + 1 < last.count, delays.map({ spent + last.choice + 1 <= $0 }) ?? true {
        break
      }
      decisions.removeLast()
    }
    guard !decisions.isEmpty else { return report }
    if report.schedules >= limit {
      report.bounded = true
      return report
    }
    decisions[decisions.count - 1].choice += 1
    prefix = decisions.map(\.choice)
  }
}

private let quietSuffix = " job(s) in order, nothing visible"

private struct ScheduleRun {
  var decisions: [(choice: Int, count: Int)] = []
  var jobs = 0
  var trace: [String] = []
  var violation: String?
}

/// Replays one schedule: `choices` for the first choice points, the oldest job after them.
private func runSchedule<Scenario: JobScenario>(_: Scenario.Type, choices: [Int]) -> ScheduleRun {
  var run = ScheduleRun()
  JobCapture.beginCapturing()
  // The scenario is created and dropped while capturing, so that the tasks its release
  // cancels or resumes are kept and run too.
  var scenario: Scenario? = Scenario()
  scenario!.start()
  let events = scenario!.events
  var verdict: String?
  var emptied = false
  while true {
    let count = JobCapture.runnableCount
    if count == 0 {
      if emptied { break }
      // Everything has run: judge, then let the scenario go and run what its release wakes.
      verdict = scenario!.check()
      scenario = nil
      emptied = true
      continue
    }
    var choice = 0
    if count > 1 {
      let index = run.decisions.count
      choice = index < choices.count ? choices[index] : 0
      run.decisions.append((choice, count))
    }
    let seen = events.count
    JobCapture.run(delaying: choice)
    run.jobs += 1
    let happened = events.since(seen)
    if happened.isEmpty, choice == 0, let last = run.trace.last, last.hasSuffix(quietSuffix) {
      // Runs of the oldest job that show nothing are one line: "3 jobs in order, nothing
      // visible".
      let count = Int(last.prefix { $0.isNumber }) ?? 1
      run.trace[run.trace.count - 1] = "\(count + 1)\(quietSuffix)"
    } else if happened.isEmpty, choice == 0 {
      run.trace.append("1\(quietSuffix)")
    } else {
      let which =
        choice == 0 ? "the oldest job" : "job \(choice + 1) of \(count) (\(choice) delayed)"
      run.trace.append(
        "\(which): " + (happened.isEmpty ? "nothing visible" : happened.joined(separator: "; ")))
    }
    if let broken = scenario?.brokenSoFar() {
      verdict = broken
      break
    }
    if run.jobs > 5_000 {
      verdict = "still running after 5,000 jobs: a task that never ends"
      break
    }
  }
  let left = JobCapture.endCapturing()
  if verdict == nil, left > 0 { verdict = "\(left) jobs were left" }
  run.violation = verdict
  return run
}
