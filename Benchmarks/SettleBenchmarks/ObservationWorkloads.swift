/// The observation workloads that are not per call, written once over ``CounterModel`` so that
/// Settle and Apple's Observation run identical (specialised) code: memory per scope, and the
/// append rows, which are tight loops and labelled so (a loop in one function lets the
/// optimiser hoist key paths; see ``PerCallWorkloads`` for the per-call cases). Each checks
/// its own result.
enum ObservationWorkloads {
  /// Resident bytes per armed scope, with `scopes` scopes armed on one property. Run in a
  /// fresh process (see ``ResidentMemory``).
  static func memoryPerScope<M: CounterModel>(_: M.Type, _ scopes: Int) throws -> Double {
    let model = opaque(M())
    let fired = CallCount()
    blackHole(model.value)
    guard let before = ResidentMemory.bytes else {
      throw BenchmarkFailure("this platform has no /proc/self/statm to read resident size from")
    }
    for _ in 0..<scopes {
      M.track {
        blackHole(model.value)
      } onChange: {
        fired.increment()
      }
    }
    let after = ResidentMemory.bytes ?? before
    model.value += 1
    try BenchmarkFailure.check("callbacks after one write", fired.value, equals: scopes)
    return Double(after - before) / Double(scopes)
  }

  static func appendToArray<M: CounterModel>(_: M.Type, _ elements: Int) throws -> Sample {
    let model = opaque(M())
    let sample = measure(operations: elements) {
      for element in 0..<elements { model.items.append(element) }
    }
    try BenchmarkFailure.check("array count", model.items.count, equals: elements)
    try BenchmarkFailure.check("last element", model.items.last, equals: elements - 1)
    return sample
  }
}
