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
///   what the run of the caller's own value returned or threw.
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
public final actor RateLimiting<Value: Sendable, C: Clock, Success: Sendable, Failure: Error>
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = RateLimitStateMachine<Numbered<Value>, C.Instant>

  @usableFromInline
  package let runs: TimedRuns<Machine, C, Success, Failure>

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
  public init(
    limit: Int,
    per interval: Duration,
    tolerance: Duration? = nil,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) {
    runs = TimedRuns(
      machine: Machine(limit: limit, interval: interval), clock: clock, tolerance: tolerance,
      action: action)
  }

  /// A rate limiter whose runs have no work, only places: each completes at its dispatch with
  /// `result`, so that ``acquire()`` learns it has its place in the critical section that gave
  /// it, with no task per place.
  package init(
    limit: Int, per interval: Duration, tolerance: Duration?, clock: C,
    completingRunsWith result: Result<Success, Failure>
  ) {
    runs = TimedRuns(
      machine: Machine(limit: limit, interval: interval), clock: clock, tolerance: tolerance,
      completingRunsWith: result)
  }

  deinit {
    runs.shutDown(.cancelPending)
  }

  /// Queues a value: it runs once a place in the window is free and the run before it has
  /// returned, at once when both hold now. Synchronous and callable from any isolation; the
  /// action starts on the next turn, never inside `send`.
  ///
  /// - Complexity: Amortised O(1); creates a task for a run, and the timer task when the queue
  ///   must wait for a place.
  @inlinable
  public nonisolated func send(_ value: Value) {
    runs.send(value)
  }

  /// Queues a value, as ``send(_:)`` does, and returns once its run has finished.
  ///
  /// ```swift
  /// let notify = RateLimiter(limit: 1, per: .seconds(2)) { (message: String) in
  ///   print("notifying:", message)
  /// }
  /// // The button's spinner shows until the notification has gone out.
  /// if try await notify.sendAndWait("build finished") == .dropped { print("cancelled") }
  /// ```
  ///
  /// It returns ``SendOutcome/ran`` once the value's own run has returned, or
  /// ``SendOutcome/dropped`` when ``cancel()`` or the limiter's release dropped it first.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays queued and still runs.
  @inlinable
  public nonisolated func sendAndWait(_ value: Value) async throws(CancellationError)
    -> SendOutcome
  {
    try await runs.sendAndWait(value).outcome
  }

  /// Queues a value, as ``send(_:)`` does, and returns what its run returned.
  ///
  /// ```swift
  /// let geocode = RateLimiting(limit: 1, per: .seconds(1)) {
  ///   (address: String) async throws -> String in
  ///   try await Task.sleep(for: .milliseconds(50))  // stands in for a request
  ///   return "coordinates of \(address)"
  /// }
  /// // However many callers, requests leave at most once a second, each with its own result.
  /// print(try await geocode.sendAndWaitForResult("1 Infinite Loop"))
  /// ```
  ///
  /// - Returns: What the action returned for this value.
  /// - Throws: What the action threw for this value; ``DroppedValueError`` when ``cancel()``
  ///   or the limiter's release dropped the value before it ran; `CancellationError` when the
  ///   calling task is cancelled while it waits, in which case the value stays queued and
  ///   still runs.
  @inlinable
  public nonisolated func sendAndWaitForResult(_ value: Value) async throws -> Success {
    try await runs.sendAndWait(value).value()
  }

  /// Starts the limiter over: drops every queued value, cancels a running action and forgets
  /// the window, so that the next value runs as soon as a cancelled action still running has
  /// returned, as the first after a debouncer's `cancel()` opens a new burst. Nothing queued
  /// before `cancel()` runs after it returns.
  ///
  /// It is for abandoning the work (a sign-out, a closed document), not for skipping a value:
  /// runs dispatched before it still reached whatever the limit protects.
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Whether a value waits to run: queued, or dispatched and not yet started.
  public nonisolated var isPending: Bool {
    runs.isPending
  }

  /// Returns once nothing is queued or running, or early if the waiting task is cancelled.
  /// With values still arriving it may wait indefinitely; with `ManualClock`, advance the clock
  /// to let the queue drain first.
  ///
  /// - Precondition: Not called from inside this rate limiter's own action, which it would
  ///   wait for until the end of time.
  public nonisolated func waitUntilIdle() async {
    preconditionNotWaitingFromInsideTheAction(
      runs.isRunningAction, "RateLimiter", "rate limiter")
    await runs.waitUntilIdle()
  }
}

extension RateLimiting: TimedRunsOwner {
  package typealias TimedClock = C
}
