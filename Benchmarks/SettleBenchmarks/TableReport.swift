import Foundation

/// Renders results as one Markdown table per group, or as JSON.
enum TableReport {
  /// One table per group, rows `case | Settle | baseline | ratio | target`.
  static func markdown(_ results: [CaseResult], quick: Bool) -> String {
    var output = ""
    var groups: [String] = []
    for result in results where !groups.contains(result.group) { groups.append(result.group) }
    for group in groups {
      output += "\n### \(group)\n\n"
      output += "| case | Settle | baseline | ratio | target |\n"
      output += "|---|---|---|---|---|\n"
      for result in results where result.group == group {
        let settle = result.settle.map { format($0, unit: result.unit) } ?? "—"
        let baseline =
          result.baseline.map { format($0, unit: result.unit) + " (\(result.baselineName))" }
          ?? "— (\(result.baselineName))"
        let ratio = result.ratio.map { String(format: "%.3f", $0) } ?? "—"
        var target = result.target
        switch result.targetMet {
        case true?: target += " ✅"
        case false?: target += " ❌ MISSED"
        case nil: target += quick ? " (checked only)" : ""
        }
        if let note = result.note { target += " — \(note)" }
        output += "| \(result.name) | \(settle) | \(baseline) | \(ratio) | \(target) |\n"
      }
    }
    return output
  }

  /// The results as a JSON array, one object per case.
  static func json(_ results: [CaseResult]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(results) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }

  private static func format(_ summary: Summary, unit: String) -> String {
    let median: String
    switch summary.median {
    case 1e7...: median = String(format: "%.3g", summary.median)
    case 100...: median = String(format: "%.0f", summary.median)
    case 10...: median = String(format: "%.1f", summary.median)
    default: median = String(format: "%.2f", summary.median)
    }
    let spread =
      summary.repetitions > 1 ? String(format: " ±%.0f%%", summary.spread * 50) : ""
    return "\(median) \(unit)\(spread)"
  }
}
