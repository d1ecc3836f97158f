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
>: KeyedPacedAction
where C.Duration == Duration {
  @usableFromInline
  package typealias KeyMachine = ThrottleStateMachine<NumberedFold<Folding>, C.Instant>

  /// Not for use outside Settle; see ``KeyedPacedAction``.
  public nonisolated let _entryPoints: _KeyedPacedEntryPoints<Key, Folding.Input, Success>

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
  @inlinable
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
    let keyMachine = KeyMachine(interval: interval, mode: mode, fold: NumberedFold(fold))
    _entryPoints = _KeyedPacedEntryPoints(
      KeyedRuns(
        machine: KeyedStateMachine(fresh: keyMachine), clock: clock, tolerance: tolerance,
        action: IsolatedKeyedAction(action)),
      ownerName: { Folding.ownerName(plain: "KeyedThrottler", core: "KeyedThrottling") },
      noun: "throttler", onRelease: onRelease)
  }

  /// Creates a keyed throttler whose runs receive one value each: a ``KeyedThrottler``, whose
  /// page has an example. The parameters are those of
  /// ``init(for:tolerance:mode:folding:onRelease:clock:action:)``, with ``LatestValue`` as the
  /// fold.
  @inlinable
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
}

extension KeyedThrottling: KeyedRunsOwner {
  @usableFromInline package typealias TimedClock = C
  @usableFromInline package typealias ActionFailure = Failure
}
