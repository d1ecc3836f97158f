// Hooks: explores the package's `ValuesWakeState`, which has no public face.
import Settle
import SettleTestSupport
import Testing

/// Every order of writes, `next()` calls, resumptions, a cancellation and a discard around one
/// values iterator: the hand-off that `TrackedValues` and SettleObservation's `ObservedValues`
/// share.
///
/// The machine is small enough that the search reaches every state there is, at every level:
/// with three writes, 126 states.
@Suite("Exploration: every interleaving of a values iterator's wake", .watched)
struct ValuesWakeExplorationTests {
  @Test func noWakeIsLostInAnyOrder() {
    let report = exploreStates(from: ValuesWakeWorld(maxWrites: 3), depth: 32)
    print("values wake: \(report)")
    #expect(report.violation == nil, "\(report)")
    #expect(!report.truncated, "the bound cut the search short: \(report)")
    #expect(report.states == 126, "the state space changed: \(report)")
  }
}
