extension AnyClock {
  /// A point in an ``AnyClock``'s time: an offset from the wrapped clock's `now` at the moment
  /// the wrapper was made.
  ///
  /// ```swift
  /// let clock = AnyClock(ContinuousClock())
  /// let start = clock.now
  /// let deadline = start.advanced(by: .milliseconds(300))
  /// assert(start.duration(to: deadline) == .milliseconds(300))
  /// ```
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// How far this instant lies from the wrapper's origin; negative before it.
    public var offset: Duration

    /// Creates an instant at `offset` from the wrapper's origin.
    @inlinable
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` after this one.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The signed duration from this instant to `other`.
    ///
    /// - Complexity: O(1).
    @inlinable
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset.
    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }

    /// `t+` followed by the offset, for example `t+0.3 seconds`.
    public var description: String {
      "t+\(offset)"
    }
  }
}
