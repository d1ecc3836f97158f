/// A ``Throttler`` whose run receives every value sent since the previous run, folded into
/// one: a throttle that accumulates.
///
/// It keeps every rule of ``Throttler`` in its ``ThrottleMode``. In the default,
/// ``ThrottleMode/newestAtWindowEnd``, a value with no window open runs at once, alone, and
/// opens a window; the values that arrive inside the window are folded together with its
/// ``Fold`` and run as one at the window's end, which opens the next window. In
/// ``ThrottleMode/newestAtWindowEndOnly`` the value that opens a window waits too, and the
/// window's end runs every value of the window folded together. Runs stay at least one
/// interval apart.
///
/// ```swift
/// actor Analytics {
///   func upload(_ events: [String]) { print("uploading", events.count, "events") }
/// }
/// let analytics = Analytics()
///
/// // At most one upload every 5 s, and every event reaches one of them.
/// let uploader = FoldingThrottler(for: .seconds(5), folding: .collect) { (events: [String]) in
///   await analytics.upload(events)
/// }
/// uploader.send("app opened")  // uploads at once
/// uploader.send("tab changed")  // waits for the window's end, with any that follow
/// ```
///
/// - Complexity: ``send(_:)`` is O(1) plus the reducer's own work, in place; the reducer runs
///   inside `send`, under the throttler's lock.
public final actor FoldingThrottler<Value: Sendable, Accumulated: Sendable, C: Clock>
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = FoldingThrottleMachine<Value, Accumulated, C.Instant>

  @usableFromInline
  package let runs: TimedRuns<Machine, C>
  /// What the deinit does with a pending value.
  let onRelease: PendingValuePolicy

  /// Creates a folding throttler that runs `action` on `clock`'s time.
  ///
  /// ```swift
  /// let progress = FoldingThrottler(
  ///   for: .milliseconds(250), folding: .reducing(into: 0) { $0 += $1 }
  /// ) { (bytes: Int) in
  ///   print("received", bytes, "more bytes")
  /// }
  /// progress.send(4096)  // from a download's chunk callback
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest spacing between two runs.
  ///   - tolerance: How late the timer may wake past a deadline; `nil` leaves it to the clock.
  ///   - mode: Which values a window's end folds together: every value that arrived inside
  ///     the window (``ThrottleMode/newestAtWindowEnd``, the default), or every value of the
  ///     window including the one that opened it (``ThrottleMode/newestAtWindowEndOnly``).
  ///     ``ThrottleMode/firstAtWindowEnd`` and ``ThrottleMode/cooldown`` keep one value per
  ///     run, so each accumulation holds that value alone.
  ///   - fold: How values join the accumulation a window's end runs: ``Fold/collect`` or
  ///     ``Fold/reducing(into:_:)``.
  ///   - onRelease: What happens to a pending value when the throttler is released: dropped
  ///     (the default) or run at once; see ``PendingValuePolicy``.
  ///   - clock: The clock windows are measured on: `ContinuousClock` (real time) by default;
  ///     pass a `ManualClock` in tests.
  ///   - action: The work, given the accumulation.
  /// - Precondition: `interval` is not negative, nor is `tolerance`.
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    folding fold: Fold<Value, Accumulated>,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Accumulated) async -> Void
  ) {
    self.onRelease = onRelease
    runs = TimedRuns(
      machine: Machine(interval: interval, mode: mode, fold: NumberedFold(fold)),
      clock: clock,
      tolerance: tolerance,
      action: action
    )
  }

  deinit {
    runs.shutDown(onRelease)
  }

  /// Folds a value in: it runs at once, alone, when no window is open (in
  /// ``ThrottleMode/newestAtWindowEndOnly`` it opens one and starts its accumulation), and
  /// otherwise joins the accumulation that runs at the window's end.
  ///
  /// - Complexity: O(1) plus the reducer's work on the accumulation, in place.
  @inlinable
  public nonisolated func send(_ value: Value) {
    runs.send(value)
  }

  /// Folds a value in, as ``send(_:)`` does, and returns once the run that received it has
  /// finished; see ``Debouncer/sendAndWait(_:)`` and ``SendOutcome``.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent.
  public nonisolated func sendAndWait(_ value: Value) async throws(CancellationError)
    -> SendOutcome
  {
    try await runs.sendAndWait(value)
  }

  /// Drops the partial accumulation, cancels a running action and closes the window; see
  /// ``Throttler/cancel()``.
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Runs the waiting accumulation now and returns once that action has finished; see
  /// ``Throttler/flush()``.
  public nonisolated func flush() async {
    await runs.flush()
  }

  /// Whether an accumulation waits for the window's end.
  public nonisolated var isPending: Bool {
    runs.isPending
  }

  /// Returns once nothing is pending or running; see ``Throttler/waitUntilIdle()``.
  ///
  /// - Precondition: Not called from inside this throttler's own action.
  public nonisolated func waitUntilIdle() async {
    precondition(
      !runs.isRunningAction,
      waitingFromInsideTheActionMessage("FoldingThrottler", "throttler")
    )
    await runs.waitUntilIdle()
  }
}

extension FoldingThrottler: TimedRunsOwner {
  package typealias TimedClock = C
}
