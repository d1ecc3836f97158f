import Settle

/// Continuous tracking against re-arming a one-shot scope by hand, as the guide's "Re-arming"
/// section writes it. Both sides pay the same round per write: the write, the callback, a
/// fresh read of the property and a new scope armed on it.
enum ContinuousWorkloads {
  static func continuousRoundTrip(_ writes: Int) throws -> Sample {
    let model = opaque(SettleModel())
    let fired = CallCount()
    let token = withContinuousTracking { [model] event in
      blackHole(readValue(model))
      if event.kind == .didSet { fired.increment() }
    }
    let sample = measure(operations: writes) {
      for index in 0..<writes { writeValue(model, index + 1) }
    }
    token.cancel()
    try BenchmarkFailure.check("calls", fired.value, equals: writes)
    return sample
  }

  static func handRearmRoundTrip(_ writes: Int) throws -> Sample {
    let model = opaque(SettleModel())
    let fired = CallCount()
    let watcher = HandRearmedWatcher(model: model, fired: fired)
    watcher.arm()
    let sample = measure(operations: writes) {
      for index in 0..<writes { writeValue(model, index + 1) }
    }
    watcher.stop()
    try BenchmarkFailure.check("calls", fired.value, equals: writes)
    return sample
  }
}

/// A watcher that re-arms its one-shot scope from the after-store callback, the way a user
/// keeps watching without continuous tracking.
///
/// `@unchecked Sendable`: the benchmark writes from one task.
final class HandRearmedWatcher: @unchecked Sendable {
  private let model: SettleModel
  private let fired: CallCount
  private var isStopped = false

  init(model: SettleModel, fired: CallCount) {
    self.model = model
    self.fired = fired
  }

  @inline(never) func arm() {
    withTracking {
      blackHole(readValue(model))
    } didChange: { [weak self] in
      guard let self, !self.isStopped else { return }
      self.fired.increment()
      self.arm()
    }
  }

  func stop() { isStopped = true }
}
