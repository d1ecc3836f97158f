#if canImport(Observation)
  import Observation

  /// The baseline side of ``CounterModel``: Apple's `@Observable`.
  ///
  /// `@unchecked Sendable`: each workload touches a model from one task at a time.
  @Observable final class AppleCounter: CounterModel, @unchecked Sendable {
    var value = 0
    var other = 0
    var third = 0
    var items: [Int] = []

    static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
      withObservationTracking(apply, onChange: onChange)
    }
  }
#endif
