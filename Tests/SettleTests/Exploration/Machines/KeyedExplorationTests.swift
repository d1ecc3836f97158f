// Hooks: explores the package's `KeyedDebounceStateMachine`, which has no public face.
import Settle
import SettleTestSupport
import Testing

/// Every reachable state of the keyed debounce machine with two keys, up to a depth bound,
/// with every order of its engine's events (see ``KeyedMachineWorld``), and every schedule of
/// a caller's steps on the two keys against one single-key reference model per key (see
/// ``KeyedPromptMachineWorld``).
@Suite("Exploration: every interleaving of the keyed debounce machine, up to a bound", .watched)
struct KeyedExplorationTests {
  static let depth = ExplorationLevel.pick(shallow: 6, standard: 9, deep: 12)
  static let budget = ExplorationLevel.pick(
    shallow: KeyedMachineWorld.Budget(sends: 2, ticks: 3, cancels: 1, flushes: 1),
    standard: KeyedMachineWorld.Budget(sends: 3, ticks: 4, cancels: 1, flushes: 1),
    deep: KeyedMachineWorld.Budget(sends: 4, ticks: 7, cancels: 2, flushes: 2))
  /// The model searches: a caller's steps only.
  static let modelTicks = ExplorationLevel.pick(shallow: 3, standard: 5, deep: 7)
  static let modelDepth = ExplorationLevel.pick(shallow: 5, standard: 8, deep: 10)

  static let cases: [MachineExplorationTests.DebounceCase] = [
    .init(leading: false, trailing: true, maxWait: nil),
    .init(leading: false, trailing: true, maxWait: 3),
    .init(leading: true, trailing: false, maxWait: nil),
    .init(leading: true, trailing: true, maxWait: 3),
  ]

  static func world(_ configuration: MachineExplorationTests.DebounceCase) -> KeyedMachineWorld {
    KeyedMachineWorld(interval: 2, options: configuration.options, budget: budget)
  }

  @Test(arguments: cases)
  func keyedMachineKeepsItsGuaranteesInEveryInterleaving(
    _ configuration: MachineExplorationTests.DebounceCase
  ) async {
    let report = await exploreStatesOffThePool({ Self.world(configuration) }, depth: Self.depth)
    print("keyed debounce, \(configuration.testDescription): \(report)")
    #expect(report.violation == nil, "\(report)")
    #expect(report.states > 100, "the search covered too little to mean anything: \(report)")
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
      #expect(report.violation == nil, "\(report)")
      #expect(report.states > 100, "the search covered too little to mean anything: \(report)")
    }
  }
}
