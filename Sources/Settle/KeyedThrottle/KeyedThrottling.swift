/// Throttles each key on its own, each run receiving the value its ``RunFold`` made of that
/// key's inputs: a refresh per feed, a request per endpoint, a progress report per download.
/// The keyed throttle of TCA's `throttle(id:)`, and lodash's `throttle` kept per key.
///
/// You name it through ``KeyedThrottler`` (one value per run) or ``FoldingKeyedThrottler``
/// (the values of a key's window folded together); both are this one type.
/// ``send(_:forKey:)`` opens or fills only that key's window; when it ends, the action runs
/// with the key and its value.
///
/// ## Guarantees
/// - **Per key, a Throttler.** For each key, every rule of ``Throttling`` holds as stated
///   there (the ``ThrottleMode``, the spacing measured on the clock, folding, call order, no
///   stale start, no overlap, cancellation), measured from that key's own sends and runs. Keys
///   never delay, supersede or cancel each other, and actions of different keys may run at
///   the same time.
/// - **One timer.** All keys share one timer task, which sleeps until the earliest window's
///   end. Each run uses one task. No task is created per input or per key.
/// - **Bounded memory.** A key's state is dropped once nothing is pending for it, its run has
///   returned and its window has ended, and when it is cancelled (once a cancelled run of it,
///   if any, has returned): the throttler holds only the keys that are pending, running or
///   inside a window.
/// - **Results and lifetime.** As for ``Debouncing``, for every key: callers of one key
///   share that key's runs and their results, never another key's.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: With n keys inside a window, ``send(_:forKey:)`` for a key whose value already
///   waits is O(1) plus the fold's own work; a send that opens a key's window, or the first to
///   wait in it, files the key in a min-heap of deadlines, O(log n). Each window's end costs
///   O(log n) when the timer wakes.
public final actor KeyedThrottling<
  Key: Hashable & Sendable, Folding: RunFold, C: Clock, Success: Sendable, Failure: Error
>
where C.Duration == Duration {
  @usableFromInline
  package typealias KeyMachine = ThrottleStateMachine<NumberedFold<Folding>, C.Instant>

  @usableFromInline
  package let runs: KeyedRuns<Key, KeyMachine, C, Success, Failure>
  /// What the deinit does with the pending values.
  let onRelease: PendingValuePolicy

  /// Creates a keyed throttler whose runs receive the fold of each key's values.
  ///
  /// ```swift
  /// // Per download, the bytes received since its last report, at most every 250 ms.
  /// let progress = FoldingKeyedThrottler(
  ///   for: .milliseconds(250), folding: .reducing(into: 0) { $0 += $1 }
  /// ) { (download: String, bytes: Int) in
  ///   print(download, "received", bytes, "more bytes")
  /// }
  /// progress.send(4096, forKey: "movie.mp4")
  /// progress.send(1024, forKey: "song.mp3")  // its own window
  /// ```
  ///
  /// The parameters are those of
  /// ``Throttling/init(for:tolerance:mode:folding:onRelease:clock:action:)``, applied to each
  /// key; `action` is called with the key and its fold, and `onRelease` applies to every key's
  /// pending value.
  /// - Precondition: `interval` and `tolerance` are not negative.
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    folding fold: Folding,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action:
      @escaping @Sendable @isolated(any) (Key, Folding.Output) async throws(Failure) -> Success
  ) {
    self.onRelease = onRelease
    runs = KeyedRuns(
      machine: KeyedStateMachine(
        fresh: KeyMachine(interval: interval, mode: mode, fold: NumberedFold(fold))),
      clock: clock, tolerance: tolerance, action: action)
  }

  /// Creates a keyed throttler whose runs receive one value each: a ``KeyedThrottler``, whose
  /// page has an example. The parameters are those of
  /// ``init(for:tolerance:mode:folding:onRelease:clock:action:)``, with ``LatestValue`` as the
  /// fold.
  public init<Value>(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success
  ) where Folding == LatestValue<Value> {
    self.init(
      for: interval, tolerance: tolerance, mode: mode, folding: LatestValue(),
      onRelease: onRelease, clock: clock, action: action)
  }

  deinit {
    runs.shutDown(onRelease)
  }

  /// Offers a value for `key`, as ``Throttling/send(_:)`` does for one key: the key's
  /// ``ThrottleMode`` decides whether it runs at once, at the end of the key's window, or not
  /// at all. Other keys are not affected.
  ///
  /// - Complexity: O(1) amortised for a key whose value already waits; O(log n) for a send
  ///   that opens a key's window or is the first to wait in it, n being the keys inside a
  ///   window. Creates a task only for a run, and the one timer task when it is not running.
  @inlinable
  public nonisolated func send(_ value: Folding.Input, forKey key: Key) {
    runs.send(value, forKey: key)
  }

  /// Offers a value for `key`, as ``send(_:forKey:)`` does, and returns once the key's run that
  /// covers it has finished, saying how the value ended.
  ///
  /// ```swift
  /// let refresh = KeyedThrottler(for: .seconds(5)) { (feed: String, reason: String) in
  ///   print("refreshing", feed, "for", reason)
  /// }
  /// print(try await refresh.sendAndWait("pull to refresh", forKey: "news"))  // "ran"
  /// ```
  ///
  /// The rules are ``Throttling/sendAndWait(_:)``'s, for one key. Runs and cancels of other
  /// keys never settle it.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent.
  @inlinable
  public nonisolated func sendAndWait(
    _ value: Folding.Input, forKey key: Key
  ) async throws(CancellationError) -> SendOutcome {
    try await runs.sendAndWait(value, forKey: key).outcome
  }

  /// Offers a value for `key` and returns what the key's run that covered it returned or
  /// threw: concurrent callers of one key within its window share one run and its result,
  /// and callers of other keys never do. The rules are those of
  /// ``Debouncing/sendAndWaitForResult(_:)``, for one key.
  @inlinable
  public nonisolated func sendAndWaitForResult(
    _ value: Folding.Input, forKey key: Key
  ) async throws -> Success {
    try await runs.sendAndWait(value, forKey: key).value()
  }

  /// Drops `key`'s waiting value, cancels its running action, closes its window and forgets
  /// the key, as ``Throttling/cancel()`` does for one; other keys go on undisturbed. The next
  /// value of the key runs as the first of a window.
  ///
  /// - Complexity: O(1) amortised.
  public nonisolated func cancel(forKey key: Key) {
    runs.cancel(forKey: key)
  }

  /// Drops every waiting value, cancels every running action, closes every window and stops
  /// the timer; nothing sent before this call runs after it returns.
  ///
  /// - Complexity: O(k), k being the keys pending, running or inside a window.
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Runs `key`'s waiting value now, without waiting for its window, and returns once that
  /// action has finished, as ``Throttling/flush()`` does for one key; other keys are not
  /// affected.
  public nonisolated func flush(forKey key: Key) async {
    await runs.flush(forKey: key)
  }

  /// Runs every key's waiting value now and returns once those actions have finished; see
  /// ``KeyedDebouncing/flush()`` for the order and the call from inside the action.
  ///
  /// - Complexity: O(k) to start them, k being the keys pending, running or inside a window.
  public nonisolated func flush() async {
    await runs.flush()
  }

  /// Whether a value of `key` is waiting to run: for its window's end, or dispatched and not
  /// yet started.
  ///
  /// - Complexity: O(1) amortised.
  public nonisolated func isPending(forKey key: Key) -> Bool {
    runs.isPending(forKey: key)
  }

  /// Returns once no key has anything waiting or running, as ``Throttling/waitUntilIdle()``
  /// does for one. A window still open does not count.
  ///
  /// - Precondition: Not called from inside this throttler's own action.
  public nonisolated func waitUntilIdle() async {
    preconditionNotWaitingFromInsideTheAction(
      runs.isRunningAction, Folding.ownerName(plain: "KeyedThrottler", core: "KeyedThrottling"),
      "throttler")
    await runs.waitUntilIdle()
  }
}

extension KeyedThrottling: KeyedRunsOwner {}
