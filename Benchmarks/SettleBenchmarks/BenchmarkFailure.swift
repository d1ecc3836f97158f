/// A case produced a wrong result: the benchmark no longer measures what it claims to.
struct BenchmarkFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }

  /// Throws unless `actual == expected`, naming what was checked.
  static func check<T: Equatable>(_ what: String, _ actual: T, equals expected: T) throws {
    guard actual == expected else {
      throw BenchmarkFailure("\(what) was \(actual), expected \(expected)")
    }
  }
}
