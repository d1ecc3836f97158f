import Settle

/// The Settle side of ``CounterModel``.
///
/// `@unchecked Sendable`: each workload touches a model from one task at a time.
final class SettleCounter: CounterModel, TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var value = 0
  @Tracked var other = 0
  @Tracked var third = 0
  @Tracked var items: [Int] = []

  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
    withTracking(apply, onChange: onChange)
  }
}
