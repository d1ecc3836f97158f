import Settle

#if canImport(Observation)
  import Observation
#endif

/// The Settle model of the per-call cases, written as a user writes one: no protocol, used
/// directly.
///
/// `@unchecked Sendable`: each workload touches a model from one task at a time.
final class SettleModel: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var value = 0
  @Tracked var other = 0
  @Tracked var third = 0
}

#if canImport(Observation)
  /// The baseline of the per-call cases: a plain `@Observable` class, used directly.
  ///
  /// `@unchecked Sendable`: each workload touches a model from one task at a time.
  @Observable final class AppleModel: @unchecked Sendable {
    var value = 0
    var other = 0
    var third = 0
  }
#endif

// Each read, write and arm is one call from "app code", the same kind on both sides: never
// inlined, so the optimiser cannot hoist a key path or merge work across calls in a loop.

@inline(never) func readValue(_ model: SettleModel) -> Int { model.value }
@inline(never) func readOther(_ model: SettleModel) -> Int { model.other }
@inline(never) func readThird(_ model: SettleModel) -> Int { model.third }
@inline(never) func writeValue(_ model: SettleModel, _ value: Int) { model.value = value }
@inline(never) func incrementOther(_ model: SettleModel) { model.other += 1 }
@inline(never) func incrementThird(_ model: SettleModel) { model.third += 1 }

/// Arms a one-shot scope on `model.value`.
@inline(never) func armOnValue(_ model: SettleModel, _ fired: CallCount) {
  withTracking {
    blackHole(readValue(model))
  } onChange: {
    fired.increment()
  }
}

/// Arms a one-shot scope on `model.other`.
@inline(never) func armOnOther(_ model: SettleModel, _ fired: CallCount) {
  withTracking {
    blackHole(readOther(model))
  } onChange: {
    fired.increment()
  }
}

/// Arms one scope over three properties of each model; returns the sum it read.
@inline(never) func armOnAll(_ models: [SettleModel], _ fired: CallCount) -> Int {
  withTracking {
    var sum = 0
    for model in models { sum &+= readValue(model) &+ readOther(model) &+ readThird(model) }
    return sum
  } onChange: {
    fired.increment()
  }
}

/// Reads `model.value` `reads` times inside one scope.
@inline(never) func readInScope(_ model: SettleModel, _ reads: Int, _ fired: CallCount) -> Int {
  withTracking {
    var sum = 0
    for _ in 0..<reads { sum &+= readValue(model) }
    return sum
  } onChange: {
    fired.increment()
  }
}

#if canImport(Observation)
  @inline(never) func readValue(_ model: AppleModel) -> Int { model.value }
  @inline(never) func readOther(_ model: AppleModel) -> Int { model.other }
  @inline(never) func readThird(_ model: AppleModel) -> Int { model.third }
  @inline(never) func writeValue(_ model: AppleModel, _ value: Int) { model.value = value }
  @inline(never) func incrementOther(_ model: AppleModel) { model.other += 1 }
  @inline(never) func incrementThird(_ model: AppleModel) { model.third += 1 }

  @inline(never) func armOnValue(_ model: AppleModel, _ fired: CallCount) {
    withObservationTracking {
      blackHole(readValue(model))
    } onChange: {
      fired.increment()
    }
  }

  @inline(never) func armOnOther(_ model: AppleModel, _ fired: CallCount) {
    withObservationTracking {
      blackHole(readOther(model))
    } onChange: {
      fired.increment()
    }
  }

  @inline(never) func armOnAll(_ models: [AppleModel], _ fired: CallCount) -> Int {
    withObservationTracking {
      var sum = 0
      for model in models { sum &+= readValue(model) &+ readOther(model) &+ readThird(model) }
      return sum
    } onChange: {
      fired.increment()
    }
  }

  @inline(never) func readInScope(_ model: AppleModel, _ reads: Int, _ fired: CallCount) -> Int {
    withObservationTracking {
      var sum = 0
      for _ in 0..<reads { sum &+= readValue(model) }
      return sum
    } onChange: {
      fired.increment()
    }
  }
#endif
