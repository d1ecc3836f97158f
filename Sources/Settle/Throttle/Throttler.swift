/// Runs an action at most once per interval: the first value at once, later ones at the end
/// of each window.
///
/// ```swift
/// actor Settings {
///   private(set) var scrollOffset = 0.0
///   func store(scrollOffset: Double) { self.scrollOffset = scrollOffset }
/// }
/// let settings = Settings()
///
/// // Save the scroll position at most every 500 ms, and always the final one.
/// let savePosition = Throttler(for: .milliseconds(500)) { (offset: Double) in
///   await settings.store(scrollOffset: offset)
/// }
/// func scrolled(to offset: Double) {
///   savePosition.send(offset)   // synchronous, O(1)
/// }
/// scrolled(to: 120)  // from the scroll view's callback
/// ```
///
/// ## Guarantees
/// - **First value at once.** A value that arrives with no window open is dispatched at once
///   (its action starts on the next turn, never inside `send`) and opens a window of
///   `interval`; except in ``ThrottleMode/newestAtWindowEndOnly``, where it opens the window
///   and waits for its end, and the run there opens none.
/// - **One run per window.** What happens to the values that arrive inside a window is the
///   throttler's ``ThrottleMode``: by default the newest of them runs at the window's end, on
///   the timer, without waiting for another input, and that run opens the next window;
///   ``ThrottleMode/firstAtWindowEnd`` runs the first of them instead, and
///   ``ThrottleMode/cooldown`` drops them all, and ``ThrottleMode/newestAtWindowEndOnly`` runs
///   the newest of them and of the value that opened the window. A window with no values
///   closes quietly.
/// - **Spacing.** Runs start at least `interval` apart as measured on the clock: a window
///   is measured from the moment its run was dispatched. ``flush()`` is the one exception:
///   an explicit request to run the waiting value now. A throttler has no end of input, so
///   nothing else runs a value early; the `throttled` operator keeps the spacing even when
///   its base ends (see ``ThrottledSequence``).
/// - **Order.** ``send(_:)`` and ``cancel()`` are synchronous and keep call order.
/// - **No overlap.** A run that becomes due while an action runs cancels that action and
///   starts after it returns.
/// - **Cancel.** ``cancel()`` drops the waiting value, cancels a running action and closes
///   the window: the next value runs at once. Nothing sent before it runs after it returns.
/// - **Lifetime.** Releasing the throttler cancels its work and releases the action; with
///   `onRelease: .runPending` the waiting value runs first (see ``PendingValuePolicy``).
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: ``send(_:)`` is O(1) and takes one lock; the timer task exists only while
///   a value waits for a window's end.
public final actor Throttler<Value: Sendable, C: Clock> where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = LatestThrottleMachine<Value, C.Instant>

  @usableFromInline
  package let runs: TimedRuns<Machine, C>
  /// What the deinit does with a pending value.
  let onRelease: PendingValuePolicy

  /// Creates a throttler that runs `action` on `clock`'s time.
  ///
  /// ```swift
  /// let report = Throttler(for: .seconds(1)) { (progress: Double) in
  ///   print("progress", progress)
  /// }
  /// report.send(0.25)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The shortest spacing between two runs.
  ///   - tolerance: How late the timer may wake past a deadline, passed to the clock's
  ///     `sleep(until:tolerance:)` so that the system can coalesce wake-ups and save power;
  ///     `nil` (the default) leaves it to the clock.
  ///   - mode: What happens to the values that arrive inside a window: the newest runs at its
  ///     end (the default), the first runs at its end, or all are dropped (a cooldown); or,
  ///     with ``ThrottleMode/newestAtWindowEndOnly``, even the value that opens a window waits
  ///     for its end, where only the newest runs (RxJS's `auditTime`).
  ///   - onRelease: What happens to a pending value when the throttler is released: dropped
  ///     (the default) or run at once; see ``PendingValuePolicy``.
  ///   - clock: The clock windows are measured on: `ContinuousClock` (real time) by default;
  ///     pass a `ManualClock` in tests.
  ///   - action: The work; mark it `@MainActor` to run it on the main actor.
  /// - Precondition: `interval` is not negative, nor is `tolerance`.
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.onRelease = onRelease
    runs = TimedRuns(
      machine: Machine(interval: interval, mode: mode),
      clock: clock,
      tolerance: tolerance,
      action: action
    )
  }

  deinit {
    runs.shutDown(onRelease)
  }

  /// Offers a value: it runs at once if no window is open (in
  /// ``ThrottleMode/newestAtWindowEndOnly`` it opens one and waits), otherwise as the
  /// throttler's ``ThrottleMode`` says: at the window's end unless a newer value replaces it
  /// or an earlier one holds the slot, or never, in a cooldown.
  ///
  /// - Complexity: O(1).
  @inlinable
  public nonisolated func send(_ value: Value) {
    runs.send(value)
  }

  /// Offers a value, as ``send(_:)`` does, and returns once the run that covers it has
  /// finished: the run it starts when it opens a window, or the run at the window's end when
  /// it waits. It returns at once with ``SendOutcome/dropped`` when the window does not keep
  /// it (``ThrottleMode/firstAtWindowEnd``, ``ThrottleMode/cooldown``); see
  /// ``Debouncer/sendAndWait(_:)``.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent.
  public nonisolated func sendAndWait(_ value: Value) async throws(CancellationError)
    -> SendOutcome
  {
    try await runs.sendAndWait(value)
  }

  /// Drops the waiting value, cancels a running action and closes the window.
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Runs the waiting value now and returns once that action has finished; with nothing
  /// waiting it returns at once.
  ///
  /// An explicit request, so it does not wait for the window: the flushed run may start
  /// sooner than `interval` after the previous one (the one exception to the spacing
  /// guarantee); the window that was open keeps its end, except in
  /// ``ThrottleMode/newestAtWindowEndOnly``, where the flushed run is that window's end and
  /// the next value opens a fresh one. Called from inside the action, it
  /// starts the waiting value's run (cancelling the calling action, cooperatively) and
  /// returns at once: the value runs after the calling action returns.
  public nonisolated func flush() async {
    await runs.flush()
  }

  /// Whether a value is waiting to run.
  public nonisolated var isPending: Bool {
    runs.isPending
  }

  /// Returns once nothing is waiting or running; returns early if the waiting task is
  /// cancelled.
  ///
  /// - Precondition: Not called from inside this throttler's own action, which it would wait for
  ///   until the end of time. Return from the action instead; code that must run after it
  ///   belongs after the `await` of whoever sent the value, or in the action itself.
  public nonisolated func waitUntilIdle() async {
    precondition(
      !runs.isRunningAction,
      waitingFromInsideTheActionMessage("Throttler", "throttler")
    )
    await runs.waitUntilIdle()
  }
}

extension Throttler: TimedRunsOwner {
  package typealias TimedClock = C
}
