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
    // Places only, as in `RateLimiting.init(limit:per:tolerance:clock:)`.
    let places = KeyedRuns<Key, KeyMachine, C, Success, Failure>(
      machine: KeyedStateMachine(fresh: KeyMachine(limit: limit, interval: interval)),
      clock: clock, tolerance: tolerance, completingRunsWith: .success(()))
    self.init(places)
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
    // As in `RateLimiting.acquire()`.
    let runs = _entryPoints.controls.engine(
      as: KeyedRuns<Key, KeyMachine, C, Success, Failure>.self)
    try await acquirePlace(
      madeWithoutAction: runs.completedAtDispatch != nil, owner: "KeyedRateLimiter",
      member: "acquire(forKey:)", sendAndWait: "sendAndWait(_:forKey:)",
      takeAtOnce: { runs.sendIfDispatchedAtOnce((), forKey: key) },
      waitInQueue: { () async throws(CancellationError) in
        try await runs.sendAndWait((), forKey: key).outcome
      })
  }
}
