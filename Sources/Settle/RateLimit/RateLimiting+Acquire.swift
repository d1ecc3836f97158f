extension RateLimiting where Value == Void, Success == Void, Failure == Never {
  /// Creates a rate limiter with no action, whose places callers take with ``acquire()``.
  ///
  /// ```swift
  /// let api = RateLimiter(limit: 10, per: .seconds(1))
  /// try await api.acquire()  // one of at most 10 a second
  /// ```
  ///
  /// The parameters are those of ``init(limit:per:tolerance:clock:action:)``.
  ///
  /// - Precondition: `limit` is at least 1; `interval` and `tolerance` are not negative.
  public init(
    limit: Int,
    per interval: Duration,
    tolerance: Duration? = nil,
    clock: C = ContinuousClock()
  ) {
    // Runs with no work, only places: each completes at its dispatch, so that `acquire()`
    // learns it has its place in the critical section that gave it, with no task per place.
    let places = TimedRuns<Machine, C, Success, Failure>(
      machine: SoleKeyMachine(Machine(limit: limit, interval: interval)), clock: clock,
      tolerance: tolerance, completingRunsWith: .success(()))
    self.init(places)
  }

  /// Waits for a place in the window and takes it: returns once the caller may go ahead, at
  /// most `limit` callers in any span of `interval`, first come, first served.
  ///
  /// ```swift
  /// let api = RateLimiter(limit: 4, per: .seconds(1))
  /// try await withThrowingTaskGroup(of: Void.self) { group in
  ///   for page in 1...10 {
  ///     try await api.acquire()  // pages 5 to 8 a second later, 9 and 10 a second after that
  ///     group.addTask { print("fetching page", page) }  // requests may overlap
  ///   }
  ///   try await group.waitForAll()
  /// }
  /// ```
  ///
  /// An acquire is a value sent with nothing to run: it queues behind the values and acquires
  /// sent before it, and its place is taken when it is dispatched, under the rules of
  /// ``RateLimiting``. The work the caller does afterwards is its own, so callers may work at
  /// the same time; only the moments they go ahead are limited.
  ///
  /// Under the limit, with nothing queued, the place is taken in one critical section: no task
  /// is created and the caller does not suspend.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled, or when ``cancel()`` or
  ///   the limiter's release drops the acquire first: the caller has no place and must not go
  ///   ahead. A task already cancelled when it asks takes no place; one cancelled while it
  ///   waits keeps its turn, and its place is taken then and left unused.
  ///
  /// - Complexity: O(1) under the limit; the cost of a queued ``sendAndWait(_:)`` otherwise.
  /// - Precondition: The limiter was made without an action, with
  ///   ``init(limit:per:tolerance:clock:)``.
  @inlinable
  public nonisolated func acquire() async throws(CancellationError) {
    // The engine by its own type, once: not through TimedRunsOwner.runs, whose package-level
    // conformance the caller's package cannot specialise.
    let runs = _entryPoints.controls.engine(as: TimedRuns<Machine, C, Success, Failure>.self)
    try await acquirePlace(
      madeWithoutAction: runs.completedAtDispatch != nil, owner: "RateLimiter",
      member: "acquire()", sendAndWait: "sendAndWait(_:)",
      takeAtOnce: { runs.sendIfDispatchedAtOnce(()) },
      waitInQueue: { () async throws(CancellationError) in try await runs.sendAndWait(()).outcome })
  }
}
