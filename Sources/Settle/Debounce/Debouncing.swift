/// Runs an action once input has been quiet for an interval, with the value its
/// ``RunFold`` made of everything sent since the previous run.
///
/// You name it through ``Debouncer`` (the newest value runs) or ``FoldingDebouncer`` (every
/// value is folded in): one type, one set of rules, written here. ``DebounceOptions`` adds a
/// leading edge and a `maxWait` bound.
///
/// ## Guarantees
/// - **Order.** ``send(_:)`` and ``cancel()`` are synchronous and nonisolated, so calls made
///   in order from one actor take effect in that order; no `Task { await … }` hop is needed.
/// - **Trailing edge.** The action runs with the last value once no value has been sent for
///   the interval; the deadline is inclusive (exactly `interval` of quiet is enough).
/// - **Leading edge** (`leading: true`). The first value of a burst runs at once; a burst ends
///   after `interval` of quiet. With both edges on, a burst of one value runs once, a longer
///   burst runs its first and its last value.
/// - **maxWait.** Under continuous sends, the newest value runs no later than `maxWait` after
///   the first value not yet run. If a send arrives just before that run starts, the newer
///   value runs instead, at once.
/// - **No stale start.** The check that a value is still current happens on the action's own
///   isolation, right before it starts. When the action and the caller share an actor (a
///   `@MainActor` closure called from UI code), no action for an earlier value begins once
///   `send` or `cancel` has returned. A leading value belongs to the send that opened its
///   burst, so only ``cancel()`` stops it.
/// - **No overlap.** When a new value becomes due while an action runs, that action is
///   cancelled and the new one starts after it returns. Cancellation is cooperative: check
///   `Task.isCancelled` in long actions.
/// - **Every value once, with a fold.** A run receives the fold of every value sent since the
///   previous run, in the order sent; the next value starts again from the fold's start. A
///   value that arrives while a due run has not yet started joins its value: after `maxWait`
///   that run takes it, after a quiet period the run is superseded and the joined value waits
///   for a new one. With `leading: true`, the value that opens a burst runs at once, alone.
///   ``cancel()`` drops a partial accumulation; ``flush()`` runs it.
/// - **Results.** An action may return a value and throw. Every caller of
///   ``sendAndWaitForResult(_:)`` whose value a run covered gets what that run returned or
///   threw; the engine keeps it only until they have it.
/// - **Lifetime.** Releasing the debouncer cancels pending and running work and releases the
///   action closure; nothing runs afterwards. With `onRelease: .runPending` the pending value
///   runs instead, after any running action (see ``PendingValuePolicy``).
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: ``send(_:)`` is O(1) plus the fold's own work, and allocates nothing per call:
///   it takes a lock and stores or folds the value in place (the fold runs under that lock, so
///   values fold in call order with no task per input). A burst of any length uses one timer
///   task, which sleeps until the newest deadline; each run uses one task.
public final actor Debouncing<Folding: RunFold, C: Clock, Success: Sendable, Failure: Error>
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = DebounceStateMachine<NumberedFold<Folding>, C.Instant>

  @usableFromInline
  package let runs: TimedRuns<Machine, C, Success, Failure>
  /// What the deinit does with a pending value.
  let onRelease: PendingValuePolicy

  /// Creates a debouncer whose runs receive the fold of the values sent, on `clock`'s time.
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
  ///   - interval: The quiet period; zero defers the run to the next turn, never into `send`.
  ///   - tolerance: How late the timer may wake past a deadline, passed to the clock's
  ///     `sleep(until:tolerance:)` so that the system can coalesce wake-ups and save power;
  ///     `nil` (the default) leaves it to the clock.
  ///   - options: Edges and `maxWait`; a plain trailing debounce by default.
  ///   - fold: How values join the pending one: ``Fold/collect`` for an array of them,
  ///     ``Fold/reducing(into:_:)`` for anything else, or a ``RunFold`` of your own.
  ///   - onRelease: What happens to a pending value when the debouncer is released: dropped
  ///     (the default) or run at once; see ``PendingValuePolicy``.
  ///   - clock: The clock deadlines are measured on: `ContinuousClock` (real time) by default;
  ///     pass a `ManualClock` in tests.
  ///   - action: The work. Mark it `@MainActor` (or another actor) to have the currency check
  ///     happen there, right before it starts. It may return a value and throw: each run's
  ///     result goes to the callers of ``sendAndWaitForResult(_:)`` it covered, and ``send(_:)``
  ///     and ``sendAndWait(_:)`` ignore it.
  /// - Precondition: `interval` is not negative, nor is `tolerance`.
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    folding fold: Folding,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Folding.Output) async throws(Failure) -> Success
  ) {
    self.onRelease = onRelease
    runs = TimedRuns(
      machine: Machine(interval: interval, options: options, fold: NumberedFold(fold)),
      clock: clock,
      tolerance: tolerance,
      action: action
    )
  }

  /// Creates a debouncer whose runs receive the newest value: a ``Debouncer``, whose page has
  /// an example. The parameters are those of
  /// ``init(for:tolerance:options:folding:onRelease:clock:action:)``, with ``LatestValue`` as
  /// the fold.
  public init<Value>(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) where Folding == LatestValue<Value> {
    self.init(
      for: interval, tolerance: tolerance, options: options, folding: LatestValue(),
      onRelease: onRelease, clock: clock, action: action)
  }

  deinit {
    runs.shutDown(onRelease)
  }

  /// Offers a value: it becomes (or joins) the pending value and restarts the quiet period.
  /// Synchronous and callable from any isolation. With `leading: true`, the value that opens a
  /// burst is dispatched at once (its action starts on the next turn, never inside `send`).
  ///
  /// - Complexity: O(1); creates the timer task only for the first value of a burst.
  @inlinable
  public nonisolated func send(_ value: Folding.Input) {
    runs.send(value)
  }

  /// Offers a value, as ``send(_:)`` does, and returns once the run that covers it has
  /// finished, saying how the value ended.
  ///
  /// ```swift
  /// let search = Debouncer(for: .milliseconds(300)) { (query: String) in
  ///   print(await Catalog.search(query))
  /// }
  /// // A spinner shows until the run covering this query (or a newer one) returns.
  /// let outcome = try await search.sendAndWait("dune")
  /// if outcome == .dropped { print("cancelled before it ran") }
  /// ```
  ///
  /// The value is sent before the call first suspends, in order with the caller's other
  /// sends, and at the same cost as ``send(_:)``; only this caller waits. It returns when the
  /// run that started with this value, or with a later one that replaced or folded it, has
  /// returned, or at once when no run will cover it. ``SendOutcome`` lists the outcomes.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent.
  @inlinable
  public nonisolated func sendAndWait(_ value: Folding.Input) async throws(CancellationError)
    -> SendOutcome
  {
    try await runs.sendAndWait(value).outcome
  }

  /// Offers a value, as ``send(_:)`` does, and returns what the run that covered it returned:
  /// one run's result for every caller that run covers.
  ///
  /// ```swift
  /// let thumbnails = Debouncing(for: .milliseconds(50)) { (size: Int) async throws -> String in
  ///   try await Task.sleep(for: .milliseconds(10))  // stands in for rendering
  ///   return "thumbnail at \(size) px"
  /// }
  /// // Two callers within the quiet period: one render, and both get its result.
  /// async let first = thumbnails.sendAndWaitForResult(64)
  /// async let second = thumbnails.sendAndWaitForResult(128)
  /// print(try await first == second)  // true: whichever size came last, rendered once
  /// ```
  ///
  /// It waits as ``sendAndWait(_:)`` does, for the same run, and that run's result is the
  /// caller's: its own value's run, or the run of a later value that superseded or folded it
  /// (``SendOutcome/ran``, ``SendOutcome/superseded`` and ``SendOutcome/folded`` alike). A run
  /// that started and was then cancelled still returns its result, which is often a thrown
  /// `CancellationError`. An action that throws throws the same error to every caller its run
  /// covered.
  ///
  /// The value is sent before the call first suspends, in order with the caller's other
  /// sends.
  ///
  /// - Complexity: The send of ``send(_:)``, plus an entry for the caller in the table of
  ///   waiting callers; a returning run settles the callers it covers in O(the callers
  ///   waiting).
  ///
  /// - Returns: What the covering run's action returned.
  /// - Throws: What the covering run's action threw; ``DroppedValueError`` when no run will
  ///   cover the value; `CancellationError` when the calling task is cancelled while it
  ///   waits, in which case the value stays sent and its run still takes place.
  @inlinable
  public nonisolated func sendAndWaitForResult(_ value: Folding.Input) async throws -> Success {
    try await runs.sendAndWait(value).value()
  }

  /// Drops the pending value, cancels a running action, and ends the burst.
  ///
  /// Nothing sent before `cancel()` runs after it returns; the next ``send(_:)`` opens a new
  /// burst (and so a new leading edge).
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Runs the pending value now and returns once that action has finished; with nothing
  /// pending it returns at once. A running action is cancelled first and the flushed value
  /// runs after it returns. A flushed value never runs again on the timer, and only
  /// ``cancel()`` stops it. Called from inside the action, it starts that run (cancelling the
  /// calling action, cooperatively) and returns at once, since waiting would wait for ever.
  public nonisolated func flush() async {
    await runs.flush()
  }

  /// ``flush()`` without the wait: dispatches the pending value and returns at once.
  package nonisolated func startFlush() {
    runs.startFlush()
  }

  /// Whether a value is waiting to run: not yet due, or due and not yet started.
  public nonisolated var isPending: Bool {
    runs.isPending
  }

  /// Returns once nothing is pending or running, or early if the waiting task is cancelled.
  /// With values still arriving it may wait indefinitely; with `ManualClock`, advance the
  /// clock past the deadline first.
  ///
  /// - Precondition: Not called from inside this debouncer's own action, which it would wait
  ///   for until the end of time: code that must run after it belongs after the `await` of
  ///   whoever sent the value, or in the action itself.
  public nonisolated func waitUntilIdle() async {
    preconditionNotWaitingFromInsideTheAction(
      runs.isRunningAction, Folding.ownerName(plain: "Debouncer", core: "Debouncing"), "debouncer")
    await runs.waitUntilIdle()
  }
}

extension Debouncing: TimedRunsOwner {
  package typealias TimedClock = C
}
