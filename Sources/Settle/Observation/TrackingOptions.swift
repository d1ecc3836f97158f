/// How a tracking scope reports a change: when, for what, and whether on release.
///
/// Passed to ``withTracking(options:_:onChange:)-(_,_,()->Void)`` and its siblings.
///
/// The default, `[]`, is property-level tracking whose callback runs before the new value is
/// stored, like Apple's `withObservationTracking`.
public struct TrackingOptions: OptionSet, Sendable, Hashable {
  /// The option bits.
  public let rawValue: Int

  /// Creates options from their bits.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Call back after the new value is stored (from `didSet`), so the callback can read it.
  ///
  /// ``withTracking(_:didChange:)`` is shorthand for this option.
  public static let afterStore = TrackingOptions(rawValue: 1 << 0)

  /// Call back when any tracked property of an object the scope read changes, not only the
  /// properties it read.
  ///
  /// This is coarser than the default and exists to measure what property-level tracking
  /// saves; a write to an object costs O(object-level scopes on that object).
  public static let objectLevel = TrackingOptions(rawValue: 1 << 1)

  /// Also call back, with a ``TrackingEvent/Kind/deinit`` event, when an object the scope read
  /// is released; as with a change, at most once per scope.
  ///
  /// The callback runs on the releasing thread, from the release of the object's
  /// ``ObservationRegistry``, after the object's own `deinit`. A scope that fired or was
  /// cancelled first is not called. Without this option, a released object only disarms the
  /// scope's registrations on it, silently.
  public static let `deinit` = TrackingOptions(rawValue: 1 << 2)
}
