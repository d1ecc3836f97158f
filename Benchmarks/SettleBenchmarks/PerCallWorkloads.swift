/// The observation workloads measured per call: every read, write and arm is a call to an
/// `@inline(never)` function of PerCallModels.swift, on a model used directly (no protocol).
///
/// Written once, generic over ``PerCallModel``, and specialised for each side: the protocol
/// only routes the workload to that side's functions at compile time, so each measured call
/// is still a direct call to "app code" on a concrete model.
enum PerCallWorkloads {
  static func readOutsideScope<M: PerCallModel>(_: M.Type, _ reads: Int) throws -> Sample {
    let model = opaque(M())
    M.writeValue(model, 1)
    var sum = 0
    let sample = measure(operations: reads) {
      for _ in 0..<reads { sum &+= M.readValue(model) }
    }
    blackHole(sum)
    try BenchmarkFailure.check("sum of reads", sum, equals: reads)
    return sample
  }

  static func readInsideScope<M: PerCallModel>(_: M.Type, _ reads: Int) throws -> Sample {
    let model = opaque(M())
    M.writeValue(model, 1)
    let fired = CallCount()
    var sum = 0
    let sample = measure(operations: reads) {
      sum = M.readInScope(model, reads, fired)
    }
    blackHole(sum)
    try BenchmarkFailure.check("sum of reads", sum, equals: reads)
    M.writeValue(model, 2)
    try BenchmarkFailure.check("callbacks after one write", fired.value, equals: 1)
    return sample
  }

  static func writeUnobserved<M: PerCallModel>(_: M.Type, _ writes: Int) throws -> Sample {
    let model = opaque(M())
    M.writeValue(model, -1)
    let sample = measure(operations: writes) {
      for index in 0..<writes { M.writeValue(model, index) }
    }
    try BenchmarkFailure.check("final value", M.readValue(model), equals: writes - 1)
    return sample
  }

  /// Writes `value` while `scopes` scopes are armed on `other`.
  static func writeWithScopesElsewhere<M: PerCallModel>(_: M.Type, scopes: Int, _ writes: Int)
    throws
    -> Sample
  {
    let model = opaque(M())
    let fired = CallCount()
    for _ in 0..<scopes { M.armOnOther(model, fired) }
    M.writeValue(model, -1)
    let sample = measure(operations: writes) {
      for index in 0..<writes { M.writeValue(model, index) }
    }
    try BenchmarkFailure.check("callbacks from unrelated writes", fired.value, equals: 0)
    try BenchmarkFailure.check("final value", M.readValue(model), equals: writes - 1)
    M.incrementOther(model)
    try BenchmarkFailure.check(
      "callbacks after writing the watched property", fired.value, equals: scopes)
    return sample
  }

  static func armAndFire<M: PerCallModel>(_: M.Type, _ rounds: Int) throws -> Sample {
    let model = opaque(M())
    let fired = CallCount()
    let sample = measure(operations: rounds) {
      for index in 0..<rounds {
        M.armOnValue(model, fired)
        M.writeValue(model, index + 1)
      }
    }
    try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
    return sample
  }

  /// One scope reads 3 properties of each of 10 objects; a write to one of them fires it.
  static func armAndFireWide<M: PerCallModel>(_: M.Type, _ rounds: Int) throws -> Sample {
    let models = opaque((0..<10).map { _ in M() })
    let fired = CallCount()
    var sum = 0
    let sample = measure(operations: rounds) {
      for index in 0..<rounds {
        sum &+= M.armOnAll(models, fired)
        M.incrementThird(models[index % 10])
      }
    }
    blackHole(sum)
    try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
    return sample
  }
}
