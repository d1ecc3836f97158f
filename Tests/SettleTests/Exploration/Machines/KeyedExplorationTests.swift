// Hooks: explores the package's `KeyedStateMachine`, which has no public face.
import Settle
import SettleTestSupport
import Testing

/// Every reachable state of the keyed machine with two keys, up to a depth bound, with every
/// order of its engine's events (see ``KeyedMachineWorld``), and every schedule of a caller's
/// steps on the two keys against one single-key reference model per key (see
/// ``KeyedPromptMachineWorld``): over a debounce machine (`KeyedDebouncer`) and a throttle
/// machine (`KeyedThrottler`), each also with a collecting fold (`FoldingKeyedDebouncer`,
/// `FoldingKeyedThrottler`), whose runs must each receive values of their key sent in a row.
@Suite("Exploration: every interleaving of the keyed machine, up to a bound", .watched)
struct KeyedExplorationTests {
  static let depth = ExplorationLevel.pick(shallow: 6, standard: 9, deep: 12)
  static let budget = ExplorationLevel.pick(
    shallow: PlainKeyedMachineWorld.Budget(sends: 2, ticks: 3, cancels: 1, flushes: 1),
    standard: PlainKeyedMachineWorld.Budget(sends: 3, ticks: 4, cancels: 1, flushes: 1),
    deep: PlainKeyedMachineWorld.Budget(sends: 4, ticks: 7, cancels: 2, flushes: 2))
  /// The model searches: a caller's steps only.
  static let modelTicks = ExplorationLevel.pick(shallow: 3, standard: 5, deep: 7)
  static let modelDepth = ExplorationLevel.pick(shallow: 5, standard: 8, deep: 10)

  static let cases: [MachineExplorationTests.DebounceCase] = [
    .init(leading: false, trailing: true, maxWait: nil),
    .init(leading: false, trailing: true, maxWait: 3),
    .init(leading: true, trailing: false, maxWait: nil),
    .init(leading: true, trailing: true, maxWait: 3),
  ]

  static func world(_ configuration: MachineExplorationTests.DebounceCase)
    -> PlainKeyedMachineWorld
  {
    PlainKeyedMachineWorld(interval: 2, options: configuration.options, budget: budget)
  }

  static func collectingWorld(_ configuration: MachineExplorationTests.DebounceCase)
    -> KeyedMachineWorld<CollectingDebounceTestMachine>
  {
    KeyedMachineWorld(
      interval: 2, options: configuration.options, fold: .collect,
      budget: .init(
        sends: budget.sends, ticks: budget.ticks, cancels: budget.cancels,
        flushes: budget.flushes))
  }

  static func throttleWorld(_ mode: ThrottleMode) -> KeyedMachineWorld<LatestThrottleTestMachine> {
    KeyedMachineWorld(
      interval: 2, mode: mode, fold: LatestValue(),
      budget: .init(
        sends: budget.sends, ticks: budget.ticks, cancels: budget.cancels,
        flushes: budget.flushes))
  }

  static func collectingThrottleWorld(_ mode: ThrottleMode)
    -> KeyedMachineWorld<CollectingThrottleTestMachine>
  {
    KeyedMachineWorld(
      interval: 2, mode: mode, fold: .collect,
      budget: .init(
        sends: budget.sends, ticks: budget.ticks, cancels: budget.cancels,
        flushes: budget.flushes))
  }

  @Test(arguments: cases)
  func keyedMachineKeepsItsGuaranteesInEveryInterleaving(
    _ configuration: MachineExplorationTests.DebounceCase
  ) async {
    let report = await exploreStatesOffThePool({ Self.world(configuration) }, depth: Self.depth)
    print("keyed debounce, \(configuration.testDescription): \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: cases)
  func collectingKeyedMachineKeepsEveryValueOfEachKeyInEveryInterleaving(
    _ configuration: MachineExplorationTests.DebounceCase
  ) async {
    let report = await exploreStatesOffThePool(
      { Self.collectingWorld(configuration) }, depth: Self.depth)
    print("keyed debounce, collecting, \(configuration.testDescription): \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: cases)
  func eachKeyMatchesTheSingleKeyModelInEverySchedule(
    _ configuration: MachineExplorationTests.DebounceCase
  ) async {
    for interval in [0, 2] {
      let report = await exploreStatesOffThePool(
        {
          KeyedPromptMachineWorld(
            interval: interval, options: configuration.options, sends: 3,
            ticks: Self.modelTicks)
        }, depth: Self.modelDepth)
      print(
        "keyed debounce against the model, interval \(interval), \(configuration.testDescription): \(report)"
      )
      expectCleanSearch(report)
    }
  }

  @Test(arguments: MachineExplorationTests.rateLimits)
  func keyedRateLimitMachineKeepsItsGuaranteesInEveryInterleaving(limit: Int) async {
    let report = await exploreStatesOffThePool(
      {
        KeyedMachineWorld<RateLimitTestMachine>(
          limit: limit, interval: 2,
          // A rate limiter has no flush.
          budget: .init(
            sends: Self.budget.sends, ticks: Self.budget.ticks, cancels: Self.budget.cancels,
            flushes: 0))
      }, depth: Self.depth)
    print("keyed rate limit, \(limit) per 2 ms: \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: MachineExplorationTests.rateLimits)
  func eachRateLimitedKeyMatchesTheSingleKeyModelInEverySchedule(limit: Int) async {
    for interval in [0, 2] {
      let report = await exploreStatesOffThePool(
        {
          KeyedPromptMachineWorld(
            limit: limit, interval: interval, sends: 3, ticks: Self.modelTicks)
        }, depth: Self.modelDepth)
      print("keyed rate limit against the model, \(limit) per \(interval) ms: \(report)")
      expectCleanSearch(report)
    }
  }

  @Test(arguments: MachineExplorationTests.throttleModes)
  func keyedThrottleMachineKeepsItsGuaranteesInEveryInterleaving(_ mode: ThrottleMode) async {
    let report = await exploreStatesOffThePool({ Self.throttleWorld(mode) }, depth: Self.depth)
    print("keyed throttle, \(mode): \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: MachineExplorationTests.throttleModes)
  func collectingKeyedThrottleMachineKeepsEveryValueOfEachKeyInEveryInterleaving(
    _ mode: ThrottleMode
  ) async {
    let report = await exploreStatesOffThePool(
      { Self.collectingThrottleWorld(mode) }, depth: Self.depth)
    print("keyed throttle, collecting, \(mode): \(report)")
    expectCleanSearch(report)
  }

  @Test(arguments: MachineExplorationTests.throttleModes)
  func eachThrottledKeyMatchesTheSingleKeyModelInEverySchedule(_ mode: ThrottleMode) async {
    for interval in [0, 2] {
      let report = await exploreStatesOffThePool(
        {
          KeyedPromptMachineWorld(
            interval: interval, mode: mode, sends: 3, ticks: Self.modelTicks)
        }, depth: Self.modelDepth)
      print("keyed throttle against the model, interval \(interval), \(mode): \(report)")
      expectCleanSearch(report)
    }
  }
}

/// The keyed world of a plain `KeyedDebouncer`: each run receives its key's newest value.
typealias PlainKeyedMachineWorld = KeyedMachineWorld<LatestDebounceTestMachine>
