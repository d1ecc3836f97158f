import Foundation

extension DemoResults {
  /// The results as the lines `observation-demo` prints.
  public var text: String {
    var lines = Self.lines(propertyLevel) + [""] + Self.lines(objectLevel)
    let fineCount = propertyLevel.changes.prefix(objectLevel.changes.count)
      .reduce(0) { $0 + $1.recomputed.count }
    lines.append(
      "  property-level tracking recomputed \(fineCount) of the \(objectLevel.counts.total) "
        + "views object-level tracking did for these changes")
    lines += [""] + oneShotLines
    return lines.joined(separator: "\n")
  }

  private static func lines(_ scenario: ScenarioResult) -> [String] {
    let width = scenario.changes.map(\.change.count).max() ?? 0
    var lines = [scenario.title]
    for report in scenario.changes {
      let label = report.change.padding(toLength: width, withPad: " ", startingAt: 0)
      let recomputed =
        report.recomputed.isEmpty
        ? "nothing"
        : report.recomputed.map { "\($0.view) (\($0.cause.rawValue))" }.joined(
          separator: ", ")
      let skipped = report.skipped.isEmpty ? "none" : report.skipped.joined(separator: ", ")
      lines.append("  \(label) → \(recomputed); skipped \(skipped)")
    }
    let counts = scenario.counts
    lines.append(
      "  counts: local \(counts.local), parent \(counts.parent), "
        + "observation \(counts.observation), environment \(counts.environment)")
    return lines
  }

  private var oneShotLines: [String] {
    var lines = ["Scenario 3: one-shot scope reading only borrowedCount"]
    let settle = oneShot.settle.lines + ["calls: \(oneShot.settle.calls)"]
    guard let apple = oneShot.apple else {
      return lines + ["  Settle withTracking"] + settle.map { "  " + $0 }
    }
    let left = ["Settle withTracking"] + settle
    let right = ["Apple withObservationTracking"] + apple.lines + ["calls: \(apple.calls)"]
    let width = left.map(\.count).max() ?? 0
    for row in 0..<max(left.count, right.count) {
      let settleLine = row < left.count ? left[row] : ""
      let appleLine = row < right.count ? right[row] : ""
      lines.append(
        "  \(settleLine.padding(toLength: width, withPad: " ", startingAt: 0))   \(appleLine)")
    }
    return lines
  }
}
