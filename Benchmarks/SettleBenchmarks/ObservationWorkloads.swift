/// The observation workloads, written once over ``CounterModel`` so that Settle and Apple's
/// Observation run identical (specialised) code. Each checks its own result.
enum ObservationWorkloads {
  static func readOutsideScope<M: CounterModel>(_: M.Type, _ reads: Int) throws -> Sample {
    let model = opaque(M())
    model.value = 1
    var sum = 0
    let sample = measure(operations: reads) {
      for _ in 0..<reads { sum &+= model.value }
    }
    blackHole(sum)
    try BenchmarkFailure.check("sum of reads", sum, equals: reads)
    return sample
  }

  static func readInsideScope<M: CounterModel>(_: M.Type, _ reads: Int) throws -> Sample {
    let model = opaque(M())
    model.value = 1
    let fired = CallCount()
    var sum = 0
    let sample = measure(operations: reads) {
      sum = M.track {
        var sum = 0
        for _ in 0..<reads { sum &+= model.value }
        return sum
      } onChange: {
        fired.increment()
      }
    }
    blackHole(sum)
    try BenchmarkFailure.check("sum of reads", sum, equals: reads)
    model.value = 2
    try BenchmarkFailure.check("callbacks after one write", fired.value, equals: 1)
    return sample
  }

  static func writeUnobserved<M: CounterModel>(_: M.Type, _ writes: Int) throws -> Sample {
    let model = opaque(M())
    model.value = -1
    let sample = measure(operations: writes) {
      for index in 0..<writes { model.value = index }
    }
    try BenchmarkFailure.check("final value", model.value, equals: writes - 1)
    return sample
  }

  /// Writes `value` while `scopes` scopes are armed on `other`: the cost a write pays for
  /// observers of properties it does not touch.
  static func writeWithScopesElsewhere<M: CounterModel>(
    _: M.Type, scopes: Int, _ writes: Int
  ) throws -> Sample {
    let model = opaque(M())
    let fired = CallCount()
    for _ in 0..<scopes {
      M.track {
        blackHole(model.other)
      } onChange: {
        fired.increment()
      }
    }
    model.value = -1
    let sample = measure(operations: writes) {
      for index in 0..<writes { model.value = index }
    }
    try BenchmarkFailure.check("callbacks from unrelated writes", fired.value, equals: 0)
    try BenchmarkFailure.check("final value", model.value, equals: writes - 1)
    model.other += 1
    try BenchmarkFailure.check(
      "callbacks after writing the watched property", fired.value, equals: scopes)
    return sample
  }

  static func armAndFire<M: CounterModel>(_: M.Type, _ rounds: Int) throws -> Sample {
    let model = opaque(M())
    let fired = CallCount()
    let sample = measure(operations: rounds) {
      for index in 0..<rounds {
        M.track {
          blackHole(model.value)
        } onChange: {
          fired.increment()
        }
        model.value = index + 1
      }
    }
    try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
    return sample
  }

  /// One scope reads 3 properties of each of 10 objects; a write to one of them fires it.
  static func armAndFireWide<M: CounterModel>(_: M.Type, _ rounds: Int) throws -> Sample {
    let models = opaque((0..<10).map { _ in M() })
    let fired = CallCount()
    var sum = 0
    let sample = measure(operations: rounds) {
      for index in 0..<rounds {
        sum &+= M.track {
          var sum = 0
          for model in models { sum &+= model.value &+ model.other &+ model.third }
          return sum
        } onChange: {
          fired.increment()
        }
        models[index % 10].third += 1
      }
    }
    blackHole(sum)
    try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
    return sample
  }

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
