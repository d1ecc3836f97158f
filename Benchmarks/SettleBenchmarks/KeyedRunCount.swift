/// Counts runs from concurrent actions.
final class KeyedRunCount: Sendable {
  private let count = BenchmarkLock(0)

  func increment() { count.withLock { $0 += 1 } }

  /// The runs so far.
  var value: Int { count.withLock { $0 } }

  /// Throws unless exactly `expected` runs happened: one per key.
  func check(_ expected: Int) throws {
    try BenchmarkFailure.check("runs, one per key", count.withLock { $0 }, equals: expected)
  }
}
