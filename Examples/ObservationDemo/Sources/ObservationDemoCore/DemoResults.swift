import Settle

/// Everything `observation-demo` measures, computed by running the scenarios.
public struct DemoResults: Codable, Equatable, Sendable {
  /// Scenario 1: property-level tracking, three changes.
  public let propertyLevel: ScenarioResult
  /// Scenario 2: object-level tracking, the first two changes.
  public let objectLevel: ScenarioResult
  /// Scenario 3: a one-shot scope, Settle beside Apple's `Observation`.
  public let oneShot: OneShotComparison

  /// Runs the three scenarios on fresh trees.
  @MainActor
  public static func run() -> DemoResults {
    let fine = LibraryScreen()
    let propertyLevel = ScenarioResult(
      title: "Scenario 1: property-level tracking (withTracking)",
      changes: [fine.addBook(), fine.countLoan(), fine.typeSearch()])
    let coarse = LibraryScreen(options: .objectLevel)
    let objectLevel = ScenarioResult(
      title: "Scenario 2: object-level tracking (TrackingOptions.objectLevel)",
      changes: [coarse.addBook(), coarse.countLoan()])
    return DemoResults(
      propertyLevel: propertyLevel, objectLevel: objectLevel, oneShot: OneShotComparison.run())
  }
}
