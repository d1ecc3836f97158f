extension KeyedRateLimiting where Value == Void, Success == Void, Failure == Never {
  /// Creates a keyed rate limiter with no action, whose places callers take with
  /// ``acquire(forKey:)``; the parameters are those of
  /// ``init(limit:per:tolerance:clock:action:)``.
  ///
  /// ```swift
  /// let perHost = KeyedRateLimiter<String, Void, ContinuousClock>(limit: 4, per: .seconds(1))
  /// try await perHost.acquire(forKey: "example.com")
  /// ```
  ///
  /// - Precondition: `limit` is at least 1; `interval` and `tolerance` are not negative.
  public init(
    limit: Int,
    per interval: Duration,
    tolerance: Duration? = nil,
    clock: C = ContinuousClock()
  ) {
    self.init(
      limit: limit, per: interval, tolerance: tolerance, clock: clock,
      completingRunsWith: .success(()))
  }

  /// Waits for a place in `key`'s window and takes it: ``RateLimiting/acquire()`` for one key.
  /// Callers of other keys never wait for it.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled, or when a `cancel` or
  ///   the limiter's release drops the acquire first.
  /// - Precondition: The limiter was made without an action, with
  ///   ``init(limit:per:tolerance:clock:)``.
  @inlinable
  public nonisolated func acquire(forKey key: Key) async throws(CancellationError) {
    precondition(
      runs.completedAtDispatch != nil,
      "KeyedRateLimiter.acquire(forKey:) was called on a rate limiter made with an action: the caller's work would overlap the action's runs, which take places from the same window. Make a separate KeyedRateLimiter(limit:per:) without an action for acquire(forKey:), or pass the value to this one with sendAndWait(_:forKey:)."
    )
    // A cancelled caller takes no place it would leave unused.
    if Task.isCancelled { throw CancellationError() }
    if runs.sendIfDispatchedAtOnce((), forKey: key) { return }
    guard try await runs.sendAndWait((), forKey: key).outcome == .ran else {
      throw CancellationError()
    }
  }
}
