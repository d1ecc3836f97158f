/// Runs an action with every value sent, in order, at most `limit` times in any span of
/// `interval`: a sliding-window rate limit with a queue, on any `Clock`.
///
/// You name it through ``RateLimiter``: with an action, each value sent is one run of it;
/// without one, ``acquire()`` hands out the places in the window to callers that do the work
/// themselves. Nothing is dropped, merged or superseded: where a debouncer or a throttler
/// thins a burst out, a rate limiter spaces it out.
///
/// ## Guarantees
/// - **The limit.** At most `limit` runs start in any span of `interval` measured on the clock:
///   a run that starts at `t` holds its place until `t + interval`, exactly when the next may
///   take it (a sliding window, not buckets that reset). A run starts on the action's
///   isolation, right after its dispatch unless that isolation is busy; its place counts from
///   when it really starts.
/// - **Every value once, in order.** Each value sent runs exactly once, in the order sent,
///   unless ``cancel()`` drops it first. A value that finds a place free and nothing queued
///   runs at once (on the next turn, never inside ``send(_:)``); any other waits in the queue.
/// - **No overlap.** Runs never overlap: the next queued value is dispatched only once the run
///   before it has returned and a place is free. A slow action therefore lowers the rate below
///   the limit, never above it. For work that may overlap, take places with ``acquire()`` and
///   run the work yourself.
/// - **Order.** ``send(_:)`` and ``cancel()`` are synchronous and nonisolated, so calls made in
///   order from one actor take effect in that order.
/// - **Results.** An action may return a value and throw; ``sendAndWaitForResult(_:)`` returns
///   what the run of the caller's own value returned or threw, and ``sendAndWait(_:)``
///   returns ``SendOutcome/ran`` once that run has returned. Both report a value that
///   ``cancel()`` or the release dropped first (``SendOutcome/dropped``,
///   ``DroppedValueError``).
/// - **Starting over.** ``cancel()`` drops the queue, cancels a running action and forgets the
///   window, so that the next value runs as soon as a cancelled action still running has
///   returned. It is for abandoning the work (a sign-out, a closed document), not for
///   skipping a value: runs dispatched before it still reached whatever the limit protects.
/// - **Lifetime.** Releasing the limiter drops the queue, cancels a running action and
///   releases the action closure; nothing runs afterwards.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: ``send(_:)`` is amortised O(1): it takes a lock and dispatches the value or
///   queues it. Memory is O(`limit` + the values queued): the window remembers when its last
///   `limit` runs started. The queue has one timer task, which sleeps until a place frees up;
///   each run uses one task, and a limiter without an action none (see ``acquire()``).
public final actor RateLimiting<Value: Sendable, C: Clock, Success: Sendable, Failure: Error>:
  PacedAction
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = RateLimitStateMachine<Numbered<Value>, C.Instant>

  /// Not for use outside Settle; see ``PacedAction``.
  public nonisolated let _entryPoints: _PacedEntryPoints<Value, Success>

  /// Creates a rate limiter that runs `action` with each value sent, at most `limit` times in
  /// any span of `interval`.
  ///
  /// ```swift
  /// // The server allows 5 uploads a second: queue them all, send them at that pace.
  /// let upload = RateLimiter(limit: 5, per: .seconds(1)) { (photo: String) in
  ///   print("uploading", photo)
  /// }
  /// for photo in ["a.heic", "b.heic", "c.heic", "d.heic", "e.heic", "f.heic"] {
  ///   upload.send(photo)  // the first five run now, one after another; the sixth a second later
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - limit: The most runs started in any span of `interval`; 1 or more.
  ///   - interval: The span of the sliding window; zero leaves only the rule that runs never
  ///     overlap.
  ///   - tolerance: How late the timer may wake past the moment a place frees up, passed to
  ///     the clock's `sleep(until:tolerance:)`; `nil` (the default) leaves it to the clock.
  ///   - clock: The clock the window is measured on: `ContinuousClock` (real time) by
  ///     default; pass a `ManualClock` in tests.
  ///   - action: The work, called with each value in the order sent. It may return a value
  ///     and throw: ``sendAndWaitForResult(_:)`` returns it, and ``send(_:)`` ignores it.
  /// - Precondition: `limit` is at least 1; `interval` and `tolerance` are not negative.
  @inlinable
  public init(
    limit: Int,
    per interval: Duration,
    tolerance: Duration? = nil,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) {
    self.init(
      TimedRuns(
        machine: SoleKeyMachine(Machine(limit: limit, interval: interval)), clock: clock,
        tolerance: tolerance, action: IsolatedAction(action)))
  }

  /// The limiter over `runs`, the engine its public initialisers make. No release policy to
  /// choose: a limiter's queue is not a pending value, so release drops it.
  @inlinable
  init(_ runs: TimedRuns<Machine, C, Success, Failure>) {
    _entryPoints = _PacedEntryPoints(
      runs, ownerName: { "RateLimiter" }, noun: "rate limiter", onRelease: .cancelPending)
  }
}

extension RateLimiting: TimedRunsOwner {
  @usableFromInline package typealias TimedClock = C
  @usableFromInline package typealias ActionFailure = Failure
}
