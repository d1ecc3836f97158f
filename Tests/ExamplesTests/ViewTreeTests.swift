import ObservationDemoCore
import Settle
import SettleTestSupport
import Testing

/// A model with a computed property over two tracked ones.
private final class Patron: TrackedObject {
  let observationRegistry = ObservationRegistry()
  @Tracked var firstName = "Ada"
  @Tracked var lastName = "Byron"
  @Tracked var visits = 0

  var fullName: String { "\(firstName) \(lastName)" }
}

/// Reads `fullName` one call away from the body, so the read is indirect.
private func greeting(for patron: Patron) -> String {
  "Welcome, \(patron.fullName)"
}

/// An object shared through the environment.
private final class Theme: TrackedObject {
  let observationRegistry = ObservationRegistry()
  @Tracked var accent = "blue"
  @Tracked var fontSize = 12
}

/// The harness on trees other than the demo's, to show the classification is general.
@MainActor
@Suite(.watched) struct ViewTreeTests {
  private func names(_ report: ChangeReport) -> [String] {
    report.recomputed.map { "\($0.view) (\($0.cause.rawValue))" }
  }

  @Test func aComputedPropertyReadIndirectlyIsAnObservation() {
    let patron = Patron()
    let root = ViewNode("Desk")
    let card = ViewNode("Card") { _ in _ = greeting(for: patron) }
    let counter = ViewNode("Counter") { _ in _ = patron.visits }
    root.addChild(card)
    root.addChild(counter)
    let tree = ViewTree()
    tree.mount(root)

    let renamed = tree.change("renamed", in: patron) { $0.lastName = "Lovelace" }
    #expect(names(renamed) == ["Card (observation)"])
    #expect(renamed.skipped == ["Desk", "Counter"])

    let visited = tree.change("visited", in: patron) { $0.visits += 1 }
    #expect(names(visited) == ["Counter (observation)"])
    #expect(visited.skipped == ["Desk", "Card"])
  }

  @Test func anEnvironmentObjectReadDeepDownIsEnvironment() {
    let theme = Theme()
    let root = ViewNode("App")
    let page = ViewNode("Page")
    let button = ViewNode("Button") { node in _ = node.environment(Theme.self).accent }
    root.provide(theme)
    root.addChild(page)
    page.addChild(button)
    let tree = ViewTree()
    tree.mount(root)

    let recoloured = tree.change("accent", in: theme) { $0.accent = "red" }
    #expect(names(recoloured) == ["Button (environment)"])
    #expect(recoloured.skipped == ["App", "Page"])

    let resized = tree.change("font size", in: theme) { $0.fontSize = 14 }
    #expect(resized.recomputed.isEmpty, "nobody read fontSize")
    #expect(resized.skipped == ["App", "Page", "Button"])
  }

  @Test func aGrandchildReadingItsGrandparentsStateIsParent() {
    let root = ViewNode("Form")
    let isOn = root.makeState(false)
    let section = ViewNode("Section")
    // Holds the state itself, as a binding would, without the ancestors reading it.
    let toggle = ViewNode("Toggle") { _ in _ = isOn.value }
    root.addChild(section)
    section.addChild(toggle)
    let tree = ViewTree()
    tree.mount(root)

    let report = tree.change("toggled", in: isOn) { $0.value = true }
    #expect(names(report) == ["Toggle (parent)"])
    #expect(report.skipped == ["Form", "Section"])
  }

  @Test func ownStateIsLocalAndAnUnchangedInputSkipsTheChild() {
    let root = ViewNode("Pager")
    let page = root.makeState(0)
    let parity = ViewNode("Parity") { node in _ = node.input }
    root.addChild(parity)
    root.body = { node in node.pass(page.value.isMultiple(of: 2), to: parity) }
    let tree = ViewTree()
    tree.mount(root)

    let sameParity = tree.change("page 2", in: page) { $0.value = 2 }
    #expect(names(sameParity) == ["Pager (local)"])
    #expect(sameParity.skipped == ["Parity"])

    let odd = tree.change("page 3", in: page) { $0.value = 3 }
    #expect(names(odd) == ["Pager (local)", "Parity (parent)"])
    #expect(parity.input == AnyHashable(false))
  }

  @Test func aViewInvalidatedAndPassedANewInputRunsOnceWithItsOwnCause() {
    let patron = Patron()
    let root = ViewNode("Desk")
    let card = ViewNode("Card") { _ in _ = patron.visits }
    root.addChild(card)
    root.body = { node in node.pass(patron.visits, to: card) }
    let tree = ViewTree()
    tree.mount(root)

    let report = tree.change("visited", in: patron) { $0.visits = 5 }
    #expect(names(report) == ["Desk (observation)", "Card (observation)"])
    #expect(report.skipped.isEmpty)
  }

  @Test func objectLevelTrackingRecomputesEveryReaderOfTheObject() {
    func run(_ options: TrackingOptions) -> ChangeReport {
      let patron = Patron()
      let root = ViewNode("Desk")
      root.addChild(ViewNode("Card") { _ in _ = patron.firstName })
      root.addChild(ViewNode("Counter") { _ in _ = patron.visits })
      let tree = ViewTree(options: options)
      tree.mount(root)
      return tree.change("visited", in: patron) { $0.visits += 1 }
    }
    #expect(names(run([])) == ["Counter (observation)"])
    #expect(names(run(.objectLevel)) == ["Card (observation)", "Counter (observation)"])
  }

  @Test func readingASiblingsStateStopsWithAMessage() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        let root = ViewNode("Row")
        let left = ViewNode("Left")
        let isOn = left.makeState(false)
        root.addChild(left)
        root.addChild(ViewNode("Right") { _ in _ = isOn.value })
        let tree = ViewTree()
        tree.mount(root)
        tree.change("toggled", in: isOn) { $0.value = true }
      }
    }
  }

  @Test func theDemoTreeMatchesTheLesson() {
    let results = DemoResults.run()
    #expect(
      results.propertyLevel.changes.map(names) == [
        ["BookList (observation)"], ["BorrowBadge (observation)"],
        ["LibraryScreen (local)", "BookList (parent)"],
      ])
    #expect(results.propertyLevel.counts.observation == 2)
    #expect(results.objectLevel.counts.observation == 4)
    #expect(results.objectLevel.counts.total == 4)
  }

  @Test func theOneShotScriptCallsOnceRightAfterTheFirstWrite() throws {
    let comparison = OneShotComparison.run()
    let lines = comparison.settle.lines
    #expect(comparison.settle.calls == 1)
    let call = try #require(lines.firstIndex(of: OneShotRun.callLine(1)))
    #expect(lines[call - 1] == "write borrowedCount = 1")
    #expect(lines[call + 1] == "write borrowedCount = 2")
    #if canImport(Observation)
      #expect(comparison.apple == comparison.settle)
    #else
      #expect(comparison.apple == nil)
    #endif
  }

  @Test(arguments: [
    ([], DemoCommand.text), (["--json"], .json), (["--help"], .help), (["-h"], .help),
  ])
  func commandLinesThatParse(arguments: [String], expected: DemoCommand) throws {
    #expect(try DemoCommand(arguments: arguments) == expected)
  }

  @Test(arguments: [["--jsn"], ["--json", "--json"], ["extra"]])
  func commandLinesThatDoNot(arguments: [String]) {
    #expect(throws: DemoCommand.UsageError.self) { try DemoCommand(arguments: arguments) }
  }
}
