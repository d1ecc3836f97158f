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
      let waiters = tracker.state.withLock { state in
        state.live -= 1
        return state.live == 0 ? state.releaseWaiters.removeSatisfied { true } : []
      }
      for waiter in waiters { waiter.resume() }
    }
  }

  private struct State {
    var made = 0
    var live = 0
    var releaseWaiters = WaiterQueue<Void>()
  }

  private let state = LockedState(State())

  /// Creates a tracker with no tokens.
  public init() {}

  /// Makes a token, counted as live until it is released.
  public func makeToken() -> Token {
    state.withLock {
      $0.made += 1
      $0.live += 1
    }
    return Token(tracker: self)
  }

  /// Tokens made and not yet released.
  public var liveCount: Int {
    state.withLock { $0.live }
  }

  /// Tokens made and already released.
  public var releasedCount: Int {
    state.withLock { $0.made - $0.live }
  }

  /// Suspends until no token is live, or the waiting task is cancelled.
  ///
  /// The handshake for releases that happen on another task, such as a cancelled iteration
  /// whose background work lets go of its closure once it has wound down:
  ///
  /// ```swift
  /// let lifetime = LifetimeTracker()
  /// let (values, input) = AsyncStream.makeStream(of: Int.self)
  /// let consumer = Task { [token = lifetime.makeToken()] in
  ///   for await _ in values.debounced(for: .seconds(1)) { _ = token }
  /// }
  /// input.yield(1)
  /// consumer.cancel()
  /// await lifetime.waitUntilReleased()  // returns once the task has let go of the token
  /// ```
  public func waitUntilReleased() async {
    await state.wait(in: \.releaseWaiters, for: ()) { $0.live == 0 }
  }
}
