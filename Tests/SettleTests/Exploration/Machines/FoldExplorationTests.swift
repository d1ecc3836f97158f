// Hooks: explores the package's pure machines, which have no public face.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The timed machines of `FoldingDebouncer`, `FoldingThrottler` and the `folding:` operators,
/// with a collecting fold (`Fold.collect`), in the same world as the plain ones (see
/// ``TimedMachineWorld``): what a fold changes is what a run receives, so every run must
/// receive values sent in a row, in order, none twice; and where the newest value always
/// runs (a trailing edge, `.newestAtWindowEnd`, `.newestAtWindowEndOnly`), none may be lost between two runs either:
/// every value sent is in exactly one run, or was dropped by a cancel or shutdown.
///
/// The bounds are ``MachineExplorationTests``'s, one event shallower in a plain `swift test`.
@Suite("Exploration: every interleaving of the timed machines with a collecting fold", .watched)
struct FoldExplorationTests {
  static let depth = ExplorationLevel.pick(shallow: 8, standard: 11, deep: 15)

  static func debounceWorld(_ configuration: MachineExplorationTests.DebounceCase)
    -> TimedMachineWorld<CollectingDebounceTestMachine>
  {
    TimedMachineWorld(
      machine: CollectingDebounceTestMachine(
        interval: .milliseconds(2), options: configuration.options, fold: .collect),
      promises: .init(
        heldClaimIsNewest: true, newestEventuallyRuns: configuration.trailing,
        keepsEveryValue: configuration.trailing),
      budget: MachineExplorationTests.budget)
  }

  static func throttleWorld(_ mode: ThrottleMode) -> TimedMachineWorld<
    CollectingThrottleTestMachine
  > {
    TimedMachineWorld(
      machine: CollectingThrottleTestMachine(
        interval: .milliseconds(2), mode: mode, fold: .collect),
      promises: .init(
        heldClaimIsNewest: false, newestEventuallyRuns: Self.newestRuns(mode),
        keepsEveryValue: Self.newestRuns(mode)),
      budget: MachineExplorationTests.budget)
  }

  @Test(arguments: MachineExplorationTests.debounceCases)
  func collectingDebounceMachineKeepsEveryValueInEveryInterleaving(
    _ configuration: MachineExplorationTests.DebounceCase
  ) async {
    let report = await exploreStatesOffThePool(
      { Self.debounceWorld(configuration) }, depth: Self.depth)
    print("collecting debounce, \(configuration.testDescription): \(report)")
    expectCleanSearch(report)
  }

  /// The modes whose window's end runs the newest value: with a collecting fold, every value.
  static func newestRuns(_ mode: ThrottleMode) -> Bool {
    mode == .newestAtWindowEnd || mode == .newestAtWindowEndOnly
  }

  @Test(arguments: MachineExplorationTests.throttleModes)
  func collectingThrottleMachineKeepsEveryValueInEveryInterleaving(_ mode: ThrottleMode) async {
    let report = await exploreStatesOffThePool(
      { Self.throttleWorld(mode) }, depth: Self.depth)
    print("collecting throttle, \(mode): \(report)")
    expectCleanSearch(report)
  }
}

typealias CollectingDebounceTestMachine = DebounceStateMachine<
  Fold<Int, [Int]>, ManualClock.Instant
>
typealias CollectingThrottleTestMachine = ThrottleStateMachine<
  Fold<Int, [Int]>, ManualClock.Instant
>
