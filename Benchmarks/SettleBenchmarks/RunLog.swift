/// Records the values actions ran with; actions run on other tasks, so it takes a lock.
final class RunLog: Sendable {
  private let state = BenchmarkLock((count: 0, last: Int?.none, total: 0))

  func record(_ value: Int) {
    state.withLock {
      $0.count += 1
      $0.last = value
      $0.total += value
    }
  }

  /// Throws unless at least one run happened and the last one ran `expected`.
  func checkLast(_ expected: Int) throws {
    let (count, last) = state.withLock { ($0.count, $0.last) }
    guard count >= 1 else { throw BenchmarkFailure("the action never ran") }
    try BenchmarkFailure.check("last value run", last, equals: expected)
  }

  /// Throws unless the values run add up to `expected`: for runs that record a batch's size,
  /// every value sent was run exactly once.
  func checkSum(_ expected: Int) throws {
    let total = state.withLock { $0.total }
    try BenchmarkFailure.check("values run in all batches", total, equals: expected)
  }
}
