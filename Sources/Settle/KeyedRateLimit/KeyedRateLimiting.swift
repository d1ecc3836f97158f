/// Rate-limits each key on its own: at most `limit` runs of a key in any span of `interval`,
/// each key with its own queue and window. A limit per host, per account, per endpoint.
///
/// You name it through ``KeyedRateLimiter``: with an action, each value sent for a key is one
/// run of it; without one, ``acquire(forKey:)`` hands out the places in a key's window.
///
/// ## Guarantees
/// - **Per key, a RateLimiter.** For each key, every rule of ``RateLimiting`` holds as stated
///   there (the limit measured on the clock, every value once and in order, no overlap, call
///   order, cancellation), measured from that key's own values and runs. Keys never delay or
///   cancel each other, and actions of different keys may run at the same time.
/// - **One timer.** All keys share one timer task, which sleeps until the earliest moment a
///   key with a queue gets a place. Each run uses one task. No task is created per key.
/// - **Bounded memory.** A key's state is dropped once its queue is empty, its run has
///   returned and its window has passed (the newest run's place has freed up), and when it is
///   cancelled (once a cancelled run of it, if any, has returned): the limiter holds only the
///   keys that are queued, running or inside a window.
/// - **Results and lifetime.** As for ``RateLimiting``, for every key.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: With n keys inside a window, ``send(_:forKey:)`` is amortised O(1) for a key
///   that already has a queue or a run in flight, and O(log n) when it dispatches a run or
///   starts a queue, which files the key in a min-heap of deadlines. A key's memory is
///   O(`limit` + its values queued).
public final actor KeyedRateLimiting<
  Key: Hashable & Sendable, Value: Sendable, C: Clock, Success: Sendable, Failure: Error
>: KeyedPacedAction
where C.Duration == Duration {
  @usableFromInline
  package typealias KeyMachine = RateLimitStateMachine<Numbered<Value>, C.Instant>

  /// Not for use outside Settle; see ``KeyedPacedAction``.
  public nonisolated let _entryPoints: _KeyedPacedEntryPoints<Key, Value, Success>

  /// Creates a keyed rate limiter that runs `action` with each key's values, at most `limit`
  /// times per key in any span of `interval`.
  ///
  /// ```swift
  /// // At most 2 requests a second to each host; hosts do not wait for each other.
  /// let request = KeyedRateLimiter(limit: 2, per: .seconds(1)) { (host: String, path: String) in
  ///   print("GET", host + path)
  /// }
  /// request.send("/a", forKey: "example.com")
  /// request.send("/b", forKey: "example.com")
  /// request.send("/c", forKey: "example.com")  // a second later
  /// request.send("/a", forKey: "example.org")  // at once: its own window
  /// ```
  ///
  /// The parameters are those of ``RateLimiting/init(limit:per:tolerance:clock:action:)``,
  /// applied to each key; `action` is called with the key and its value.
  ///
  /// - Precondition: `limit` is at least 1; `interval` and `tolerance` are not negative.
  @inlinable
  public init(
    limit: Int,
    per interval: Duration,
    tolerance: Duration? = nil,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success
  ) {
    self.init(
      KeyedRuns(
        machine: KeyedStateMachine(fresh: KeyMachine(limit: limit, interval: interval)),
        clock: clock, tolerance: tolerance, action: IsolatedKeyedAction(action)))
  }

  /// The limiter over `runs`, the engine its public initialisers make; released, it drops
  /// every key's queue (see ``RateLimiting``).
  @inlinable
  init(_ runs: KeyedRuns<Key, KeyMachine, C, Success, Failure>) {
    _entryPoints = _KeyedPacedEntryPoints(
      runs, ownerName: { "KeyedRateLimiter" }, noun: "rate limiter", onRelease: .cancelPending)
  }
}

extension KeyedRateLimiting: KeyedRunsOwner {
  @usableFromInline package typealias TimedClock = C
  @usableFromInline package typealias ActionFailure = Failure
}
