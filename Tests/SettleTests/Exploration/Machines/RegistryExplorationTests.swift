// Hooks: explores the package's `RegistryState` and `TrackingScope.State`, which have no
// public face.
import Settle
import SettleTestSupport
import Testing

/// Every interleaving of the critical sections of arming a scope, writing what it read,
/// cancelling it and releasing the object, for each kind of scope (see ``RegistryWorld``):
/// the scope calls back exactly when a write it must hear of happened or, with `.deinit`, the
/// object went away; never twice; and nothing of it stays in the registry once it ended.
@Suite("Exploration: every interleaving of arming, writing, cancelling and releasing", .watched)
struct RegistryExplorationTests {
  static let scenarios: [RegistryWorld.Scenario] = {
    var scenarios: [RegistryWorld.Scenario] = []
    for options: TrackingOptions in [[], .afterStore, .deinit, [.afterStore, .deinit]] {
      for reads: [RegistryWorld.Property] in [[.p], [.p, .q]] {
        for (cancels, releases) in [(false, false), (true, false), (false, true), (true, true)] {
          scenarios.append(
            .init(options: options, reads: reads, cancels: cancels, releases: releases))
        }
      }
    }
    for options: TrackingOptions in [.objectLevel, [.objectLevel, .afterStore, .deinit]] {
      scenarios.append(.init(options: options, reads: [.p], cancels: true, releases: true))
    }
    return scenarios
  }()

  /// All scenarios in one test: each is small, and their counts add up to the figure the
  /// verification page quotes.
  @Test func everyScopeKindKeepsExactlyOnceAndNoLeakInEveryInterleaving() {
    var states = 0
    var transitions = 0
    for scenario in Self.scenarios {
      let report = exploreStates(from: RegistryWorld(scenario), depth: 40)
      states += report.states
      transitions += report.transitions
      #expect(report.violation == nil, "\(scenario): \(report)")
      #expect(!report.truncated, "\(scenario): the bound cut the search short")
    }
    print(
      "registry: \(Self.scenarios.count) scenarios, \(states) states, \(transitions) transitions")
    #expect(states > 1_000)
  }
}
