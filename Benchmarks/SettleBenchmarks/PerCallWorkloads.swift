/// The observation workloads measured per call: every read, write and arm is a call to an
/// `@inline(never)` function of PerCallModels.swift, on a model used directly (no protocol).
///
/// The same bodies appear once per side, for ``SettleModel`` here and for ``AppleModel``
/// below; keep them identical apart from the type.
enum PerCallWorkloads {
  static func readOutsideScope(_: SettleModel.Type, _ reads: Int) throws -> Sample {
    let model = opaque(SettleModel())
    writeValue(model, 1)
    var sum = 0
    let sample = measure(operations: reads) {
      for _ in 0..<reads { sum &+= readValue(model) }
    }
    blackHole(sum)
    try BenchmarkFailure.check("sum of reads", sum, equals: reads)
    return sample
  }

  static func readInsideScope(_: SettleModel.Type, _ reads: Int) throws -> Sample {
    let model = opaque(SettleModel())
    writeValue(model, 1)
    let fired = CallCount()
    var sum = 0
    let sample = measure(operations: reads) {
      sum = readInScope(model, reads, fired)
    }
    blackHole(sum)
    try BenchmarkFailure.check("sum of reads", sum, equals: reads)
    writeValue(model, 2)
    try BenchmarkFailure.check("callbacks after one write", fired.value, equals: 1)
    return sample
  }

  static func writeUnobserved(_: SettleModel.Type, _ writes: Int) throws -> Sample {
    let model = opaque(SettleModel())
    writeValue(model, -1)
    let sample = measure(operations: writes) {
      for index in 0..<writes { writeValue(model, index) }
    }
    try BenchmarkFailure.check("final value", readValue(model), equals: writes - 1)
    return sample
  }

  /// Writes `value` while `scopes` scopes are armed on `other`.
  static func writeWithScopesElsewhere(_: SettleModel.Type, scopes: Int, _ writes: Int) throws
    -> Sample
  {
    let model = opaque(SettleModel())
    let fired = CallCount()
    for _ in 0..<scopes { armOnOther(model, fired) }
    writeValue(model, -1)
    let sample = measure(operations: writes) {
      for index in 0..<writes { writeValue(model, index) }
    }
    try BenchmarkFailure.check("callbacks from unrelated writes", fired.value, equals: 0)
    try BenchmarkFailure.check("final value", readValue(model), equals: writes - 1)
    incrementOther(model)
    try BenchmarkFailure.check(
      "callbacks after writing the watched property", fired.value, equals: scopes)
    return sample
  }

  static func armAndFire(_: SettleModel.Type, _ rounds: Int) throws -> Sample {
    let model = opaque(SettleModel())
    let fired = CallCount()
    let sample = measure(operations: rounds) {
      for index in 0..<rounds {
        armOnValue(model, fired)
        writeValue(model, index + 1)
      }
    }
    try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
    return sample
  }

  /// One scope reads 3 properties of each of 10 objects; a write to one of them fires it.
  static func armAndFireWide(_: SettleModel.Type, _ rounds: Int) throws -> Sample {
    let models = opaque((0..<10).map { _ in SettleModel() })
    let fired = CallCount()
    var sum = 0
    let sample = measure(operations: rounds) {
      for index in 0..<rounds {
        sum &+= armOnAll(models, fired)
        incrementThird(models[index % 10])
      }
    }
    blackHole(sum)
    try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
    return sample
  }
}

#if canImport(Observation)
  extension PerCallWorkloads {
    static func readOutsideScope(_: AppleModel.Type, _ reads: Int) throws -> Sample {
      let model = opaque(AppleModel())
      writeValue(model, 1)
      var sum = 0
      let sample = measure(operations: reads) {
        for _ in 0..<reads { sum &+= readValue(model) }
      }
      blackHole(sum)
      try BenchmarkFailure.check("sum of reads", sum, equals: reads)
      return sample
    }

    static func readInsideScope(_: AppleModel.Type, _ reads: Int) throws -> Sample {
      let model = opaque(AppleModel())
      writeValue(model, 1)
      let fired = CallCount()
      var sum = 0
      let sample = measure(operations: reads) {
        sum = readInScope(model, reads, fired)
      }
      blackHole(sum)
      try BenchmarkFailure.check("sum of reads", sum, equals: reads)
      writeValue(model, 2)
      try BenchmarkFailure.check("callbacks after one write", fired.value, equals: 1)
      return sample
    }

    static func writeUnobserved(_: AppleModel.Type, _ writes: Int) throws -> Sample {
      let model = opaque(AppleModel())
      writeValue(model, -1)
      let sample = measure(operations: writes) {
        for index in 0..<writes { writeValue(model, index) }
      }
      try BenchmarkFailure.check("final value", readValue(model), equals: writes - 1)
      return sample
    }

    /// Writes `value` while `scopes` scopes are armed on `other`.
    static func writeWithScopesElsewhere(_: AppleModel.Type, scopes: Int, _ writes: Int) throws
      -> Sample
    {
      let model = opaque(AppleModel())
      let fired = CallCount()
      for _ in 0..<scopes { armOnOther(model, fired) }
      writeValue(model, -1)
      let sample = measure(operations: writes) {
        for index in 0..<writes { writeValue(model, index) }
      }
      try BenchmarkFailure.check("callbacks from unrelated writes", fired.value, equals: 0)
      try BenchmarkFailure.check("final value", readValue(model), equals: writes - 1)
      incrementOther(model)
      try BenchmarkFailure.check(
        "callbacks after writing the watched property", fired.value, equals: scopes)
      return sample
    }

    static func armAndFire(_: AppleModel.Type, _ rounds: Int) throws -> Sample {
      let model = opaque(AppleModel())
      let fired = CallCount()
      let sample = measure(operations: rounds) {
        for index in 0..<rounds {
          armOnValue(model, fired)
          writeValue(model, index + 1)
        }
      }
      try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
      return sample
    }

    /// One scope reads 3 properties of each of 10 objects; a write to one of them fires it.
    static func armAndFireWide(_: AppleModel.Type, _ rounds: Int) throws -> Sample {
      let models = opaque((0..<10).map { _ in AppleModel() })
      let fired = CallCount()
      var sum = 0
      let sample = measure(operations: rounds) {
        for index in 0..<rounds {
          sum &+= armOnAll(models, fired)
          incrementThird(models[index % 10])
        }
      }
      blackHole(sum)
      try BenchmarkFailure.check("callbacks", fired.value, equals: rounds)
      return sample
    }
  }
#endif
