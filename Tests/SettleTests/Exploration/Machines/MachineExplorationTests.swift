// Hooks: explores the package's pure machines, which have no public face.
import Foundation
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Every reachable state of each timed machine, up to a depth bound, with every order of the
/// events its engine's tasks and callers can produce (see ``TimedMachineWorld``), and every
/// schedule of a caller's steps against the reference models (see ``PromptMachineWorld``).
///
/// The bounds are ``ExplorationLevel``'s. "How Settle is verified" in the guide gives the
/// counts of one run.
@Suite("Exploration: every interleaving of the timed machines, up to a bound", .watched)
struct MachineExplorationTests {
  static let depth = ExplorationLevel.pick(shallow: 9, standard: 11, deep: 15)
  static let budget = ExplorationLevel.pick(
    shallow: TimedWorldBudget(
      sends: 2, ticks: 5, cancels: 1, flushes: 1, shutdowns: 1),
    standard: TimedWorldBudget(
      sends: 3, ticks: 6, cancels: 1, flushes: 1, shutdowns: 1),
    deep: TimedWorldBudget(
      sends: 4, ticks: 8, cancels: 2, flushes: 2, shutdowns: 1))
  /// The model searches: a caller's steps only, so they afford more ticks and depth.
  static let modelTicks = ExplorationLevel.pick(shallow: 4, standard: 6, deep: 9)
  static let modelDepth = ExplorationLevel.pick(shallow: 8, standard: 11, deep: 14)

  struct DebounceCase: CustomTestStringConvertible, Sendable {
    var leading: Bool
    var trailing: Bool
    var maxWait: Int?
    var testDescription: String {
      "leading \(leading), trailing \(trailing), maxWait \(maxWait.map { "\($0) ms" } ?? "none")"
    }
    var options: DebounceOptions {
      DebounceOptions(
        leading: leading, trailing: trailing, maxWait: maxWait.map { .milliseconds($0) })
    }
  }

  static let debounceCases: [DebounceCase] = [
    (false, true), (true, false), (true, true),
  ].flatMap { edges in
    [nil, 3].map { DebounceCase(leading: edges.0, trailing: edges.1, maxWait: $0) }
  }

  static func debounceWorld(_ configuration: DebounceCase) -> TimedMachineWorld<
    LatestDebounceTestMachine
  > {
    TimedMachineWorld(
      machine: LatestDebounceTestMachine(
        interval: .milliseconds(2), options: configuration.options),
      promises: .init(heldClaimIsNewest: true, newestEventuallyRuns: configuration.trailing),
      budget: Self.budget)
  }

  static let throttleModes: [ThrottleMode] = [
    .newestAtWindowEnd, .firstAtWindowEnd, .cooldown, .newestAtWindowEndOnly,
  ]

  static func throttleWorld(_ mode: ThrottleMode) -> TimedMachineWorld<LatestThrottleTestMachine> {
    TimedMachineWorld(
      machine: LatestThrottleTestMachine(interval: .milliseconds(2), mode: mode),
      promises: .init(
        heldClaimIsNewest: false,
        newestEventuallyRuns: mode == .newestAtWindowEnd || mode == .newestAtWindowEndOnly),
      budget: budget)
  }

  /// Limits of one and two runs, so that a burst both waits for a place and fills a window.
  static let rateLimits = [1, 2]

  static func rateLimitWorld(limit: Int) -> TimedMachineWorld<RateLimitTestMachine> {
    var budget = Self.budget
    // A rate limiter has no flush, and its release only drops its queue.
    budget.flushes = 0
    budget.shutDownRunsPending = false
    return TimedMachineWorld(
      machine: RateLimitTestMachine(limit: limit, interval: .milliseconds(2)),
      promises: .init(
        heldClaimIsNewest: false, newestEventuallyRuns: true, keepsEveryValue: true,
        rateLimit: RateLimitPromise(limit: limit, interval: 2)),
      budget: budget)
  }

  @Test(arguments: rateLimits)
  func rateLimitMachineKeepsItsGuaranteesInEveryInterleaving(limit: Int) async {
    let report = await exploreStatesOffThePool(
      { Self.rateLimitWorld(limit: limit) }, depth: Self.depth)
    print("rate limit, \(limit) per 2 ms: \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: rateLimits)
  func rateLimitMachineMatchesTheModelInEverySchedule(limit: Int) async {
    for interval in [0, 2] {
      let report = await exploreStatesOffThePool(
        {
          PromptMachineWorld(
            machine: RateLimitTestMachine(limit: limit, interval: .milliseconds(interval)),
            model: RateLimitModel(limit: limit, interval: interval), sends: 3,
            ticks: Self.modelTicks, flushes: false)
        }, depth: Self.modelDepth)
      print("rate limit against the model, \(limit) per \(interval) ms: \(report)")
      #expect(report.violation == nil, "\(report)")
    }
  }

  @Test(arguments: debounceCases)
  func debounceMachineKeepsItsGuaranteesInEveryInterleaving(_ configuration: DebounceCase) async {
    let report = await exploreStatesOffThePool(
      { Self.debounceWorld(configuration) }, depth: Self.depth)
    print("debounce, \(configuration.testDescription): \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: throttleModes)
  func throttleMachineKeepsItsGuaranteesInEveryInterleaving(_ mode: ThrottleMode) async {
    let report = await exploreStatesOffThePool({ Self.throttleWorld(mode) }, depth: Self.depth)
    print("throttle, \(mode): \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: debounceCases)
  func debounceMachineMatchesTheModelInEverySchedule(_ configuration: DebounceCase) async {
    for interval in [0, 2] {
      let report = await exploreStatesOffThePool(
        {
          PromptMachineWorld(
            machine: LatestDebounceTestMachine(
              interval: .milliseconds(interval), options: configuration.options),
            model: DebounceModel(
              interval: interval, leading: configuration.leading,
              trailing: configuration.trailing, maxWait: configuration.maxWait),
            sends: 3, ticks: Self.modelTicks)
        }, depth: Self.modelDepth)
      print(
        "debounce against the model, interval \(interval), \(configuration.testDescription): \(report)"
      )
      #expect(report.violation == nil, "\(report)")
    }
  }

  @Test(arguments: throttleModes)
  func throttleMachineMatchesTheModelInEverySchedule(_ mode: ThrottleMode) async {
    for interval in [0, 2] {
      let report = await exploreStatesOffThePool(
        {
          PromptMachineWorld(
            machine: LatestThrottleTestMachine(interval: .milliseconds(interval), mode: mode),
            model: ThrottleModel(interval: interval, mode: mode), sends: 3,
            ticks: Self.modelTicks)
        }, depth: Self.modelDepth)
      print("throttle against the model, interval \(interval), \(mode): \(report)")
      #expect(report.violation == nil, "\(report)")
    }
  }
}

typealias LatestDebounceTestMachine = DebounceStateMachine<LatestValue<Int>, ManualClock.Instant>
typealias LatestThrottleTestMachine = ThrottleStateMachine<LatestValue<Int>, ManualClock.Instant>
