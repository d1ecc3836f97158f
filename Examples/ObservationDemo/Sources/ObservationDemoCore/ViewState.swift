import Settle

/// A value owned by one view, like SwiftUI's `@State`; make it with ``ViewNode/makeState(_:)``.
///
/// It is tracked like any model property, so a body that reads ``value`` is re-evaluated when
/// it changes. The harness knows the owner, which is what tells a local change from a parent's.
public final class ViewState<Value: Equatable>: TrackedObject {
  /// The registry that records reads of ``value``.
  public let observationRegistry = ObservationRegistry()

  /// The state's current value.
  @Tracked public var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// Not `Sendable`: it belongs to one view of the main-actor tree.
@available(*, unavailable)
extension ViewState: Sendable {}
