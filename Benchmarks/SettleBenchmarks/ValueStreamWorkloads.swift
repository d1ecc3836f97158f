import Settle

#if canImport(Observation)
  import Observation
  import SettleObservation
#endif

/// Write-then-next round trips through an asynchronous sequence of a tracked value.
enum ValueStreamWorkloads {
  static func trackedValues(_ rounds: Int) async throws -> Sample {
    let model = opaque(SettleCounter())
    var iterator = TrackedValues { model.value }.makeAsyncIterator()
    return try await roundTrips(rounds, through: &iterator) { model.value = $0 }
  }

  #if canImport(Observation)
    /// SettleObservation's sequence over the same `@Observable` model as ``observations(_:)``.
    static func observedValues(_ rounds: Int) async throws -> Sample {
      let model = opaque(AppleCounter())
      var iterator = ObservedValues { model.value }.makeAsyncIterator()
      return try await roundTrips(rounds, through: &iterator) { model.value = $0 }
    }

    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    static func observations(_ rounds: Int) async throws -> Sample {
      let model = opaque(AppleCounter())
      var iterator = Observations<Int, Never> { model.value }.makeAsyncIterator()
      return try await roundTrips(rounds, through: &iterator) { model.value = $0 }
    }
  #endif

  /// The loop both cases time, written once so that they measure the same work: the first
  /// element (the current value, 0) is checked outside the timing, then each round writes
  /// `index` and reads it back.
  private static func roundTrips<Iterator: AsyncIteratorProtocol<Int, Never>>(
    _ rounds: Int, through iterator: inout Iterator, write: (Int) -> Void
  ) async throws -> Sample {
    try BenchmarkFailure.check(
      "first element", await iterator.next(isolation: #isolation), equals: 0)
    var mismatch: (Int, Int?)?
    let sample = await measure(operations: rounds) {
      for index in 1...rounds {
        write(index)
        let element = await iterator.next(isolation: #isolation)
        if element != index, mismatch == nil { mismatch = (index, element) }
      }
    }
    if let (expected, element) = mismatch {
      throw BenchmarkFailure("element after writing \(expected) was \(String(describing: element))")
    }
    return sample
  }
}
