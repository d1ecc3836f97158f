/// How a timed machine turns the values sent between two runs into the one value a run
/// receives: the machine decides *when* a new value starts (the first value after a run) and
/// when one joins the pending value; the fold decides *how*.
///
/// Machines are generic over their fold, so a plain `Debouncer` (``LatestValue``) is
/// specialised to a bare assignment: folding costs nothing when it is not used.
@usableFromInline
package protocol RunValueFold: Sendable {
  /// What `send` takes.
  associatedtype Input: Sendable
  /// What a run receives.
  associatedtype Output: Sendable

  /// Whether ``add(_:to:)`` only replaces the pending value: the machine then stores the new
  /// value without taking the old one out first. A constant once specialised.
  static var replaces: Bool { get }
  /// The pending value made from the first input after a run.
  func start(with input: Input) -> Output
  /// Adds `input` to the pending value, in place.
  func add(_ input: Input, to pending: inout Output)
}

/// The fold of a plain debounce or throttle: the newest value replaces the pending one.
@usableFromInline
package struct LatestValue<Value: Sendable>: RunValueFold {
  @inlinable
  package init() {}

  @inlinable
  package static var replaces: Bool { true }

  @inlinable
  package func start(with input: Value) -> Value { input }

  @inlinable
  package func add(_ input: Value, to pending: inout Value) { pending = input }
}
