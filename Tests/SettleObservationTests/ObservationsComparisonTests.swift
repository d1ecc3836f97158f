import Observation
import SettleObservation
import SettleTestSupport
import Testing

/// ObservedValues against Apple's `Observations`, the baseline it stands in for below iOS 26:
/// for a main-actor model changed on the main actor, both must give the same elements. The
/// script changes the model in stretches of the main actor; each stretch is one element.
@Suite("ObservedValues against Apple's Observations", .backstop(minutes: 1), .watched)
@MainActor
struct ObservationsComparisonTests {
  static func summary(of player: Player) -> String {
    player.showsElapsed ? "\(player.title) \(player.elapsed)" : player.title
  }

  /// One stretch of the main actor, numbered as in the expected elements.
  func change(_ player: Player, stretch: Int) {
    switch stretch {
    case 0: player.elapsed = 1
    case 1:
      player.elapsed = 2
      player.title = "Intro"
      player.elapsed = 3
    case 2: player.showsElapsed = false
    case 3: player.title = "Outro"
    default:
      player.showsElapsed = true
      player.elapsed = 4
    }
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func bothGiveTheSameElementsForTheSameStretches() async throws {
    let player = Player()
    // Written twice, not shared: passing one closure value to both crashes Swift 6.3.1's IR
    // generation (the thunk to `Observations`' typed-throws closure).
    var settle = ObservedValues { Self.summary(of: player) }.makeAsyncIterator()
    var apple = Observations<String, Never> { Self.summary(of: player) }.makeAsyncIterator()
    var settleSeen = [try await settle.nextBounded()]
    var appleSeen = [await apple.next()]
    for stretch in 0..<5 {
      change(player, stretch: stretch)
      settleSeen.append(try await settle.nextBounded())
      appleSeen.append(await apple.next())
    }
    #expect(settleSeen == appleSeen)
    #expect(settleSeen == [" 0", " 1", "Intro 3", "Intro", "Outro", "Outro 4"])
  }
}
