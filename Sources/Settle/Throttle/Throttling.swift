/// Runs an action at most once per interval, with the value its ``RunFold`` made of what
/// was sent since the previous run: the first value at once, later ones at the end of each
/// window.
///
/// You name it through ``Throttler`` (one value per run) or ``FoldingThrottler`` (the values
/// of a window folded together): one type, one set of rules, written here.
///
/// ## Guarantees
/// - **First value at once.** A value that arrives with no window open is dispatched at once
///   (its action starts on the next turn, never inside `send`) and opens a window of
///   `interval`; except in ``ThrottleMode/newestAtWindowEndOnly``, where it opens the window
///   and waits for its end, and the run there opens none.
/// - **One run per window.** The throttler's ``ThrottleMode`` says what happens to the values
///   that arrive inside a window; the run at a window's end happens on the timer, without
///   waiting for another input. A window with no values closes quietly.
/// - **Spacing.** Runs start at least `interval` apart as measured on the clock: a window is
///   measured from the moment its run was dispatched. ``flush()``, an explicit request, is
///   the one exception; the `throttled` operator keeps the spacing even when its base ends.
/// - **Flush.** ``flush()`` runs the waiting value without waiting for the window. The
///   window that was open keeps its end, except in ``ThrottleMode/newestAtWindowEndOnly``,
///   where the flushed run is that window's end and the next value opens a fresh one.
/// - **Folding.** With a ``Fold``, the values that a window's end runs are folded together,
///   in the order sent: in ``ThrottleMode/newestAtWindowEnd`` every value that arrived inside
///   the window, in ``ThrottleMode/newestAtWindowEndOnly`` every value of the window including
///   the one that opened it. ``ThrottleMode/firstAtWindowEnd`` and ``ThrottleMode/cooldown``
///   keep one value per run, so each accumulation holds that value alone.
/// - **Dropped values.** A value the window does not keep (``ThrottleMode/firstAtWindowEnd``,
///   ``ThrottleMode/cooldown``) is dropped at once: ``sendAndWait(_:)`` returns
///   ``SendOutcome/dropped`` and ``sendAndWaitForResult(_:)`` throws ``DroppedValueError``.
///   A kept value is covered by the run it opens, or by the run at its window's end.
/// - **As a debouncer.** Call order, no stale start, no overlap, results and lifetime are
///   those of ``Debouncing``. ``cancel()`` also closes the window: the next value runs at
///   once.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: ``send(_:)`` is O(1) plus the fold's own work, in place, and takes one lock;
///   the timer task exists only while a value waits for a window's end.
public final actor Throttling<Folding: RunFold, C: Clock, Success: Sendable, Failure: Error>:
  PacedAction
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = ThrottleStateMachine<NumberedFold<Folding>, C.Instant>

  /// Not for use outside Settle; see ``PacedAction``.
  public nonisolated let _entryPoints: _PacedEntryPoints<Folding.Input, Success>

  /// Creates a throttler whose runs receive the fold of the values sent, on `clock`'s time.
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
  ///   - mode: What happens to the values that arrive inside a window: the newest runs at its
  ///     end (the default), the first runs at its end, or all are dropped (a cooldown); or,
  ///     with ``ThrottleMode/newestAtWindowEndOnly``, even the value that opens a window waits
  ///     for its end, where only the newest runs (RxJS's `auditTime`).
  ///   - fold: How values join the one a window's end runs: ``Fold/collect``,
  ///     ``Fold/reducing(into:_:)``, or a ``RunFold`` of your own.
  ///   - onRelease: What happens to a pending value when the throttler is released; see
  ///     ``PendingValuePolicy``.
  ///   - clock: The clock windows are measured on: `ContinuousClock` by default.
  ///   - action: The work; as for ``Debouncing``, its isolation is where the currency check
  ///     happens.
  /// - Precondition: `interval` is not negative, nor is `tolerance`.
  @inlinable
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    folding fold: Folding,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Folding.Output) async throws(Failure) -> Success
  ) {
    let machine = Machine(interval: interval, mode: mode, fold: NumberedFold(fold))
    _entryPoints = _PacedEntryPoints(
      TimedRuns(
        machine: SoleKeyMachine(machine), clock: clock, tolerance: tolerance,
        action: IsolatedAction(action)),
      ownerName: { Folding.ownerName(plain: "Throttler", core: "Throttling") },
      noun: "throttler", onRelease: onRelease)
  }

  /// Creates a throttler whose runs receive one value each: a ``Throttler``, whose page has an
  /// example. The parameters are those of
  /// ``init(for:tolerance:mode:folding:onRelease:clock:action:)``, with ``LatestValue`` as the
  /// fold.
  @inlinable
  public init<Value>(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) where Folding == LatestValue<Value> {
    self.init(
      for: interval, tolerance: tolerance, mode: mode, folding: LatestValue(),
      onRelease: onRelease, clock: clock, action: action)
  }
}

extension Throttling: TimedRunsOwner {
  @usableFromInline package typealias TimedClock = C
  @usableFromInline package typealias ActionFailure = Failure
}
