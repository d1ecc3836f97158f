extension ManualClock {
  /// A point in a ``ManualClock``'s virtual time: an offset from the clock's zero.
  ///
  /// Instants compare and hash by their offset, so a test can store them, sort them and
  /// print them. The description reads `t+0.3 seconds`.
  ///
  /// ```swift
  /// let start = ManualClock.Instant(offset: .zero)
  /// let later = start.advanced(by: .milliseconds(300))
  /// assert(start.duration(to: later) == .milliseconds(300))
  /// ```
  public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
    /// How far this instant lies from the clock's zero; negative offsets are allowed.
    public var offset: Duration

    /// Creates an instant at `offset` from the clock's zero.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` after this one (before it, for a negative duration).
    ///
    /// - Complexity: O(1).
    public func advanced(by duration: Duration) -> Self {
      Self(offset: offset + duration)
    }

    /// The signed duration from this instant to `other`.
    ///
    /// - Complexity: O(1).
    public func duration(to other: Self) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset.
    public static func < (lhs: Self, rhs: Self) -> Bool {
      lhs.offset < rhs.offset
    }

    /// `t+` followed by the offset, for example `t+0.3 seconds`.
    public var description: String {
      "t+\(offset)"
    }
  }
}
