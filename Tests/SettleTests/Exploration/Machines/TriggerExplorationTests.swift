// Hooks: explores the package's `TriggerStateMachine`, which has no public face.
import Settle
import SettleTestSupport
import Testing

/// Every reachable state of the trigger machine, up to a depth bound: triggers (same and new
/// value and id), cancels, taps of each button behavior, the view disappearing and appearing,
/// and run tasks beginning and returning in every order, against a plain reference.
@Suite("Exploration: every interleaving of the trigger machine, up to a bound", .watched)
struct TriggerExplorationTests {
  static let depth = ExplorationLevel.pick(shallow: 7, standard: 9, deep: 11)

  @Test func triggerMachineKeepsItsGuaranteesInEveryInterleaving() async {
    let report = await exploreStatesOffThePool({ TriggerMachineWorld() }, depth: Self.depth)
    print("trigger: \(report)")
    expectCleanSearch(report)
  }
}
