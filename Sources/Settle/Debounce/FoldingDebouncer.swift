/// A ``Debouncer`` whose run receives every value sent since the previous run, folded into
/// one: the lines logged in a burst, the ids edited before a save, the paths changed before a
/// rebuild.
///
/// It keeps every rule of ``Debouncer`` (quiet period, edges, `maxWait`, no stale start, no
/// overlap, lifetime); only what a run receives differs. Where a `Debouncer` replaces the
/// pending value, a `FoldingDebouncer` reduces the new value into it with its ``Fold``.
///
/// ```swift
/// actor LogFile {
///   private(set) var written: [[String]] = []
///   func write(_ lines: [String]) { written.append(lines) }
/// }
/// let file = LogFile()
///
/// // One write per burst of logging, with every line of the burst.
/// let logger = FoldingDebouncer(for: .milliseconds(200), folding: .collect) {
///   (lines: [String]) in
///   await file.write(lines)
/// }
/// logger.send("request started")  // synchronous, O(1) plus the fold
/// logger.send("cache miss")
/// await logger.flush()  // one write: ["request started", "cache miss"]
/// ```
///
/// ## What a run receives
/// - **Every value once.** A run receives the fold of every value sent since the previous run,
///   in the order sent, and the next value starts a new accumulation from the fold's initial
///   value. A value that arrives while a due run has not yet started joins that run.
/// - **Leading edge.** With `leading: true`, the value that opens a burst runs at once, alone
///   (folded from the initial value); the rest of the burst folds into the trailing run.
/// - **cancel and flush.** ``cancel()`` drops the partial accumulation; ``flush()`` runs it
///   now.
///
/// - Complexity: ``send(_:)`` is O(1) plus the reducer's own work: the accumulation is held
///   uniquely and reduced in place, never copied per value. The reducer runs inside `send`,
///   under the debouncer's lock, so that values fold in call order with no task per input.
public final actor FoldingDebouncer<Value: Sendable, Accumulated: Sendable, C: Clock>
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = FoldingDebounceMachine<Value, Accumulated, C.Instant>

  @usableFromInline
  package let runs: TimedRuns<Machine, C>
  /// What the deinit does with a pending value.
  let onRelease: PendingValuePolicy

  /// Creates a folding debouncer that runs `action` on `clock`'s time.
  ///
  /// ```swift
  /// let rebuild = FoldingDebouncer(
  ///   for: .milliseconds(500), folding: .reducing(into: Set<String>()) { $0.insert($1) }
  /// ) { (changedPaths: Set<String>) in
  ///   print("rebuilding for", changedPaths.sorted())
  /// }
  /// rebuild.send("Sources/App.swift")  // from a file watcher's callback
  /// rebuild.send("Sources/App.swift")  // the set holds it once
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The quiet period, as for ``Debouncer/init(for:tolerance:options:onRelease:clock:action:)``.
  ///   - tolerance: How late the timer may wake past a deadline; `nil` leaves it to the clock.
  ///   - options: Edges and `maxWait`; a plain trailing debounce by default.
  ///   - fold: How values join the pending accumulation: ``Fold/collect`` for an array of
  ///     them, ``Fold/reducing(into:_:)`` for anything else.
  ///   - onRelease: What happens to a pending value when the debouncer is released: dropped
  ///     (the default) or run at once; see ``PendingValuePolicy``.
  ///   - clock: The clock deadlines are measured on: `ContinuousClock` (real time) by default;
  ///     pass a `ManualClock` in tests.
  ///   - action: The work, given the accumulation.
  /// - Precondition: `interval` is not negative, nor is `tolerance`.
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    folding fold: Fold<Value, Accumulated>,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Accumulated) async -> Void
  ) {
    self.onRelease = onRelease
    runs = TimedRuns(
      machine: Machine(interval: interval, options: options, fold: NumberedFold(fold)),
      clock: clock,
      tolerance: tolerance,
      action: action
    )
  }

  deinit {
    runs.shutDown(onRelease)
  }

  /// Folds a value into the pending accumulation and restarts the quiet period.
  ///
  /// Synchronous and callable from any isolation; see ``Debouncer/send(_:)`` for the timing.
  ///
  /// - Complexity: O(1) plus the reducer's work on the accumulation, in place.
  @inlinable
  public nonisolated func send(_ value: Value) {
    runs.send(value)
  }

  /// Folds a value in, as ``send(_:)`` does, and returns once the run that received it has
  /// finished: ``SendOutcome/ran`` when this value was the newest of that run,
  /// ``SendOutcome/folded`` when later values joined it; see ``Debouncer/sendAndWait(_:)``.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent.
  public nonisolated func sendAndWait(_ value: Value) async throws(CancellationError)
    -> SendOutcome
  {
    try await runs.sendAndWait(value)
  }

  /// Drops the partial accumulation, cancels a running action, and ends the burst; see
  /// ``Debouncer/cancel()``.
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Runs the pending accumulation now and returns once that action has finished; see
  /// ``Debouncer/flush()``.
  public nonisolated func flush() async {
    await runs.flush()
  }

  /// Whether an accumulation is waiting to run.
  public nonisolated var isPending: Bool {
    runs.isPending
  }

  /// Returns once nothing is pending or running; see ``Debouncer/waitUntilIdle()``.
  ///
  /// - Precondition: Not called from inside this debouncer's own action.
  public nonisolated func waitUntilIdle() async {
    precondition(
      !runs.isRunningAction,
      waitingFromInsideTheActionMessage("FoldingDebouncer", "debouncer")
    )
    await runs.waitUntilIdle()
  }
}

extension FoldingDebouncer: TimedRunsOwner {
  package typealias TimedClock = C
}
