// Hooks: explores the package's `DeliveryStateMachine`, which has no public face.
import Settle
import SettleTestSupport
import Testing

/// Every reachable state of the sequence operators' output machine, for both kinds of
/// buffering, up to a depth bound: elements becoming due, the consumer asking and being
/// cancelled, the base finishing or failing, in every order (see ``DeliveryMachineWorld``).
@Suite("Exploration: every interleaving of the sequence operators' delivery", .watched)
struct DeliveryExplorationTests {
  static let depth = ExplorationLevel.pick(shallow: 10, standard: 14, deep: 18)
  static let elements = ExplorationLevel.pick(shallow: 3, standard: 4, deep: 6)
  static let asks = ExplorationLevel.pick(shallow: 4, standard: 6, deep: 8)
  static let cancels = ExplorationLevel.pick(shallow: 1, standard: 1, deep: 2)

  static func world(_ buffering: ElementBuffering) -> DeliveryMachineWorld {
    DeliveryMachineWorld(buffering: buffering, elements: elements, asks: asks, cancels: cancels)
  }

  @Test(arguments: [ElementBuffering.newest, .unbounded])
  func deliveryKeepsItsGuaranteesInEveryInterleaving(_ buffering: ElementBuffering) async {
    let report = await exploreStatesOffThePool({ Self.world(buffering) }, depth: Self.depth)
    print("delivery, \(buffering): \(report)")
    expectCleanSearch(report)
  }
}
