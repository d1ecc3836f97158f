import Settle

/// Counts live instances of tokens it hands out, to prove that closures and the objects they
/// capture are released.
///
/// Capture a token in the closure under test; when the closure is released, so is the token:
///
/// ```swift
/// let clock = ManualClock()
/// let lifetime = LifetimeTracker()
/// var debouncer: Debouncer<Int, ManualClock>? = Debouncer(for: .seconds(1), clock: clock) {
///   [token = lifetime.makeToken()] value in
///   _ = token
/// }
/// debouncer?.send(1)
/// debouncer = nil
/// assert(lifetime.liveCount == 0)
/// ```
public final class LifetimeTracker: Sendable {
  /// An object whose only job is to be counted while it lives.
  public final class Token: Sendable {
    private let tracker: LifetimeTracker

    fileprivate init(tracker: LifetimeTracker) {
      self.tracker = tracker
    }

    deinit {
      tracker.counts.withLock { $0.live -= 1 }
    }
  }

  private let counts = LockedState((made: 0, live: 0))

  /// Creates a tracker with no tokens.
  public init() {}

  /// Makes a token, counted as live until it is released.
  public func makeToken() -> Token {
    counts.withLock {
      $0.made += 1
      $0.live += 1
    }
    return Token(tracker: self)
  }

  /// Tokens made and not yet released.
  public var liveCount: Int {
    counts.withLock { $0.live }
  }

  /// Tokens made and already released.
  public var releasedCount: Int {
    counts.withLock { $0.made - $0.live }
  }
}
