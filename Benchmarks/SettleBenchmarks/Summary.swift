/// The median and spread of one side's repetitions.
struct Summary: Sendable, Codable {
  let median: Double
  let min: Double
  let max: Double
  let repetitions: Int

  init(_ values: [Double]) {
    precondition(!values.isEmpty, "Summary needs at least one measured value")
    let sorted = values.sorted()
    let middle = sorted.count / 2
    median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    min = sorted[0]
    max = sorted[sorted.count - 1]
    repetitions = sorted.count
  }

  /// (max − min) / median: how far apart the repetitions landed, as a fraction of the median.
  var spread: Double { median == 0 ? 0 : (max - min) / median }
}
