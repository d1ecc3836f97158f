import Settle

/// What `debounced` and `throttled` add per element on top of the `AsyncStream` that feeds
/// them, each measured against a pass-through in the same repetition.
enum OperatorWorkloads {
  static let interval = Duration.milliseconds(10)

  /// Nanoseconds per element for the whole run: produce `elements` Ints into an unbounded
  /// stream and consume what `transform` makes of it. Checks that the output is in order
  /// and ends with the last element.
  private static func nanosecondsPerElement<S: AsyncSequence<Int, Never>>(
    _ elements: Int, _ transform: (AsyncStream<Int>) -> S
  ) async throws -> Double {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task {
      for element in 0..<elements { continuation.yield(element) }
      continuation.finish()
    }
    let sequence = transform(stream)
    var last = -1
    var outOfOrder = 0
    let sample = await measure(operations: elements) {
      for await element in sequence {
        if element <= last { outOfOrder += 1 }
        last = element
      }
    }
    await producer.value
    try BenchmarkFailure.check("elements out of order", outOfOrder, equals: 0)
    try BenchmarkFailure.check("last element", last, equals: elements - 1)
    return sample.reported
  }

  /// The plain pass-through alone, ns per element.
  static func passThrough(_ elements: Int) async throws -> Sample {
    .value(try await nanosecondsPerElement(elements) { $0 })
  }

  /// `debounced(for: 10 ms)` minus a pass-through measured just before it.
  static func debouncedAdded(_ elements: Int) async throws -> Sample {
    let base = try await nanosecondsPerElement(elements) { $0 }
    let total = try await nanosecondsPerElement(elements) { $0.debounced(for: interval) }
    return .value(total - base)
  }

  /// `throttled(for: 10 ms, latest: true)` minus a pass-through measured just before it.
  static func throttledAdded(_ elements: Int) async throws -> Sample {
    let base = try await nanosecondsPerElement(elements) { $0 }
    let total = try await nanosecondsPerElement(elements) {
      $0.throttled(for: interval, latest: true)
    }
    return .value(total - base)
  }
}
