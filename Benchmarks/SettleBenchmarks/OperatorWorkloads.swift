import Settle

/// What `debounced` and `throttled` add per element on top of the `AsyncStream` that feeds
/// them, each measured against a pass-through in the same repetition.
enum OperatorWorkloads {
  static let interval = Duration.milliseconds(10)

  /// How the elements reach the stream.
  enum Feed: Sendable {
    /// All yielded before the clock starts: a burst, drained without the consumer ever
    /// finding the buffer empty. Steady from run to run; the target rows use it.
    case filled
    /// Yielded by a concurrent task while the consumer drains: adds every suspension and
    /// hop a sparse stream pays, but how often they happen depends on the scheduler, so the
    /// difference swings by more than the operators add (reference rows only).
    case concurrent
  }

  /// Nanoseconds per element for the whole run: `elements` Ints through an unbounded
  /// stream, fed as `feed` says, consumed through what `transform` makes of it. Checks that
  /// the output is in order and ends with the last element. Each run includes the one
  /// trailing interval (10 ms) before an operator emits its last element: 10 ns per element.
  private static func nanosecondsPerElement<S: AsyncSequence<Int, Never>>(
    _ elements: Int, _ feed: Feed, _ transform: (AsyncStream<Int>) -> S
  ) async throws -> Double {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let fill = {
      for element in 0..<elements { continuation.yield(element) }
      continuation.finish()
    }
    var producer: Task<Void, Never>?
    switch feed {
    case .filled: fill()
    case .concurrent: producer = Task { fill() }
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
    await producer?.value
    try BenchmarkFailure.check("elements out of order", outOfOrder, equals: 0)
    try BenchmarkFailure.check("last element", last, equals: elements - 1)
    return sample.reported
  }

  /// The plain pass-through alone, ns per element.
  static func passThrough(_ elements: Int, feed: Feed) async throws -> Sample {
    .value(try await nanosecondsPerElement(elements, feed) { $0 })
  }

  /// `debounced(for: 10 ms)` minus a pass-through measured just before it.
  static func debouncedAdded(_ elements: Int, feed: Feed) async throws -> Sample {
    let base = try await nanosecondsPerElement(elements, feed) { $0 }
    let total = try await nanosecondsPerElement(elements, feed) { $0.debounced(for: interval) }
    return .value(total - base)
  }

  /// `throttled(for: 10 ms)` minus a pass-through measured just before it.
  static func throttledAdded(_ elements: Int, feed: Feed) async throws -> Sample {
    let base = try await nanosecondsPerElement(elements, feed) { $0 }
    let total = try await nanosecondsPerElement(elements, feed) {
      $0.throttled(for: interval)
    }
    return .value(total - base)
  }
}
