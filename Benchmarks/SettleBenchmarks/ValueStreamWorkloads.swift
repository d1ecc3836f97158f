import Settle

#if canImport(Observation)
  import Observation
#endif

/// Write-then-next round trips through an asynchronous sequence of a tracked value.
enum ValueStreamWorkloads {
  static func trackedValues(_ rounds: Int) async throws -> Sample {
    let model = opaque(SettleCounter())
    var iterator = TrackedValues { model.value }.makeAsyncIterator()
    try BenchmarkFailure.check("first element", await iterator.next(), equals: 0)
    var mismatch: (Int, Int?)?
    let sample = await measure(operations: rounds) {
      for index in 1...rounds {
        model.value = index
        let element = await iterator.next()
        if element != index, mismatch == nil { mismatch = (index, element) }
      }
    }
    if let (expected, element) = mismatch {
      throw BenchmarkFailure("element after writing \(expected) was \(String(describing: element))")
    }
    return sample
  }

  #if canImport(Observation)
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    static func observations(_ rounds: Int) async throws -> Sample {
      let model = opaque(AppleCounter())
      var iterator = Observations<Int, Never> { model.value }.makeAsyncIterator()
      try BenchmarkFailure.check("first element", await iterator.next(), equals: 0)
      var mismatch: (Int, Int?)?
      let sample = await measure(operations: rounds) {
        for index in 1...rounds {
          model.value = index
          let element = await iterator.next()
          if element != index, mismatch == nil { mismatch = (index, element) }
        }
      }
      if let (expected, element) = mismatch {
        throw BenchmarkFailure(
          "element after writing \(expected) was \(String(describing: element))")
      }
      return sample
    }
  #endif
}
