/// What one run of a workload measured.
enum Sample: Sendable {
  /// Wall time for `operations` operations; reported per operation.
  case elapsed(Duration, operations: Int)
  /// A quantity the workload computed itself (a latency percentile, bytes, a rate).
  case value(Double)

  /// The reported number: nanoseconds per operation, or the value itself.
  var reported: Double {
    switch self {
    case .elapsed(let duration, let operations):
      let (seconds, attoseconds) = duration.components
      let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
      return nanoseconds / Double(max(operations, 1))
    case .value(let value):
      return value
    }
  }
}

/// Times `body`, which performs `operations` operations.
func measure(operations: Int, _ body: () throws -> Void) rethrows -> Sample {
  let clock = ContinuousClock()
  let start = clock.now
  try body()
  return .elapsed(clock.now - start, operations: operations)
}

/// Times the asynchronous `body`, which performs `operations` operations.
func measure(operations: Int, _ body: () async throws -> Void) async rethrows -> Sample {
  let clock = ContinuousClock()
  let start = clock.now
  try await body()
  return .elapsed(clock.now - start, operations: operations)
}
