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
public final actor Debouncing<Folding: RunFold, C: Clock, Success: Sendable, Failure: Error>:
  PacedAction
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = DebounceStateMachine<NumberedFold<Folding>, C.Instant>

  /// Not for use outside Settle; see ``PacedAction``.
  public nonisolated let _entryPoints: _PacedEntryPoints<Folding.Input, Success>

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
  @inlinable
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    folding fold: Folding,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Folding.Output) async throws(Failure) -> Success
  ) {
    let machine = Machine(interval: interval, options: options, fold: NumberedFold(fold))
    _entryPoints = _PacedEntryPoints(
      TimedRuns(
        machine: SoleKeyMachine(machine), clock: clock, tolerance: tolerance,
        action: IsolatedAction(action)),
      ownerName: { Folding.ownerName(plain: "Debouncer", core: "Debouncing") },
      noun: "debouncer", onRelease: onRelease)
  }

  /// Creates a debouncer whose runs receive the newest value: a ``Debouncer``, whose page has
  /// an example. The parameters are those of
  /// ``init(for:tolerance:options:folding:onRelease:clock:action:)``, with ``LatestValue`` as
  /// the fold.
  @inlinable
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

  /// ``flush()`` without the wait: dispatches the pending value and returns at once.
  package nonisolated func startFlush() {
    runs.startFlush()
  }
}

extension Debouncing: TimedRunsOwner {
  @usableFromInline package typealias TimedClock = C
  @usableFromInline package typealias ActionFailure = Failure
}
