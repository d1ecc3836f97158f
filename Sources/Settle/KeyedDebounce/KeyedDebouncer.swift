/// Debounces each key on its own: a save per document, a search per row, a sync per record.
///
/// ``send(_:forKey:)`` restarts only that key's quiet period; when it passes, the action runs
/// once with the key and its newest value. Every key follows the rules of a ``Debouncer``
/// with the same ``DebounceOptions``, but all keys share one timer task, and a key costs
/// nothing once its run has ended.
///
/// ```swift
/// let drafts = DraftStore()  // an actor with `func save(_ draft: String) async throws`
/// let autosave = KeyedDebouncer(for: .seconds(1)) { (document: Int, text: String) in
///   try? await drafts.save("\(document): \(text)")  // throws only when cancelled
/// }
/// // From each editor's change callback: each document has its own quiet period.
/// autosave.send("Dear Ada,", forKey: 1)
/// autosave.send("Shopping: eggs", forKey: 2)
/// autosave.send("Dear Ada, thank you", forKey: 1)  // restarts document 1 only
///
/// autosave.cancel(forKey: 2)  // document 2 was discarded: drop its pending save
/// await autosave.flush(forKey: 1)  // the window closes: save document 1 now
/// ```
///
/// ## Guarantees
/// - **Per key, a Debouncer.** For each key, the trailing edge, the leading edge, `maxWait`,
///   the inclusive deadline and cancellation behave exactly as ``Debouncer`` documents them,
///   measured from that key's own sends. Keys never delay, supersede or cancel each other.
/// - **Order.** ``send(_:forKey:)``, ``cancel(forKey:)`` and ``cancel()`` are synchronous and
///   nonisolated, so calls made in order from one actor take effect in that order.
/// - **No stale start.** A key's value is checked for currency on the action's own isolation,
///   right before it starts, as with ``Debouncer``: when the action and the caller share an
///   actor, no action for an earlier value of a key begins once a `send` or `cancel` for that
///   key has returned.
/// - **No overlap within a key.** When a key's new value becomes due while an action for that
///   key runs, that action is cancelled and the new one starts after it returns. Actions for
///   different keys may run at the same time.
/// - **One timer.** All keys share one timer task, which sleeps until the earliest deadline.
///   Each run uses one task. No task is created per input or per key.
/// - **Bounded memory.** A key's state is dropped once nothing is pending for it and its run
///   has returned (with `leading: true`, once its burst is also over), and when it is
///   cancelled (once a cancelled run of it, if any, has returned): the debouncer holds only
///   the keys that are pending or running.
/// - **Lifetime.** Releasing the debouncer cancels pending and running work for every key and
///   releases the action closure; nothing runs afterwards. With `onRelease: .runPending`
///   every key's pending value runs instead (see ``PendingValuePolicy``).
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: With n keys pending, ``send(_:forKey:)`` for a key already waiting is O(1)
///   amortised: a hash lookup under a lock, and no heap work, since the key's new deadline
///   only moves later. The first send of a burst files the key in a min-heap of deadlines,
///   O(log n), and with `leading: true` every send takes that path (two hash lookups). When
///   the timer wakes, each key due costs O(log n), and so does re-filing a key whose deadline
///   moved, once per quiet period at most. Entries left behind by `cancel(forKey:)` and
///   `flush(forKey:)` are skipped when they come due, and the heap is rebuilt in O(n) once
///   they outnumber the live ones, so they cost O(1) amortised each.
public final actor KeyedDebouncer<Key: Hashable & Sendable, Value: Sendable, C: Clock>
where C.Duration == Duration {
  @usableFromInline
  package typealias Machine = KeyedDebounceStateMachine<Key, Value, C.Instant>

  @usableFromInline
  package let runs: KeyedDebounceRuns<Key, Value, C>
  /// What the deinit does with the pending values.
  let onRelease: PendingValuePolicy

  /// Creates a keyed debouncer that runs `action` on `clock`'s time.
  ///
  /// ```swift
  /// // One search per row of a table, each debounced on its own.
  /// let searches = KeyedDebouncer(for: .milliseconds(300)) { (row: Int, query: String) in
  ///   print(row, await Catalog.search(query))
  /// }
  /// searches.send("du", forKey: 0)
  /// searches.send("em", forKey: 1)
  /// ```
  ///
  /// - Parameters:
  ///   - interval: The quiet period of each key; zero defers the run to the next turn, never
  ///     into `send`.
  ///   - tolerance: How late the timer may wake, passed to the clock's
  ///     `sleep(until:tolerance:)` so the system can coalesce timers; `nil` (the default)
  ///     asks for none.
  ///   - options: Edges and `maxWait`, applied to each key; a plain trailing debounce by
  ///     default.
  ///   - onRelease: What happens to the keys' pending values when the debouncer is released:
  ///     dropped (the default) or run at once; see ``PendingValuePolicy``.
  ///   - clock: The clock deadlines are measured on: `ContinuousClock` (real time) by default;
  ///     pass a `ManualClock` in tests.
  ///   - action: The work, called with the key and its newest value. Mark it `@MainActor` (or
  ///     another actor) to have the currency check happen there, right before it starts.
  /// - Precondition: `interval` and `tolerance` are not negative.
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Key, Value) async -> Void
  ) {
    self.onRelease = onRelease
    runs = KeyedDebounceRuns(
      machine: Machine(interval: interval, options: options),
      clock: clock,
      tolerance: tolerance,
      action: action
    )
  }

  deinit {
    runs.shutDown(onRelease)
  }

  /// Offers a value for `key`; it becomes the one that runs for that key unless another
  /// arrives for the same key within the interval. Other keys are not affected.
  ///
  /// Synchronous and callable from any isolation. With `leading: true`, the value that opens
  /// a key's burst is dispatched at once (its action starts on the next turn, never inside
  /// `send`).
  ///
  /// - Complexity: O(1) amortised for a key already waiting; O(log n) for the first value of
  ///   a key's burst, n being the keys pending. Creates a task only for a leading run, and
  ///   the one timer task when it is not running.
  @inlinable
  public nonisolated func send(_ value: Value, forKey key: Key) {
    runs.send(value, forKey: key)
  }

  /// Drops `key`'s pending value, cancels its running action, ends its burst and forgets
  /// the key; other keys go on undisturbed.
  ///
  /// Nothing sent for `key` before this call runs after it returns; the next
  /// ``send(_:forKey:)`` for `key` opens a new burst (and so a new leading edge).
  ///
  /// - Complexity: O(1) amortised.
  public nonisolated func cancel(forKey key: Key) {
    runs.cancel(forKey: key)
  }

  /// Drops every pending value, cancels every running action and stops the timer.
  ///
  /// Nothing sent before this call runs after it returns.
  ///
  /// - Complexity: O(k), k being the keys pending or running.
  public nonisolated func cancel() {
    runs.cancel()
  }

  /// Runs `key`'s pending value now and returns once that action has finished.
  ///
  /// With nothing pending for `key` it returns at once and runs nothing. A running action of
  /// the key is cancelled first and the flushed value runs after it returns. A flushed value
  /// never runs again on the timer, and a later `send` does not stop it; only
  /// ``cancel(forKey:)`` or ``cancel()`` does. Other keys are not affected.
  ///
  /// Called from inside the action, it starts the run as above and returns at once: waiting
  /// there could wait for the calling action itself.
  public nonisolated func flush(forKey key: Key) async {
    await runs.flush(forKey: key)
  }

  /// Runs every key's pending value now and returns once those actions have finished.
  ///
  /// The runs start together, in no particular order, and may overlap as runs of different
  /// keys do. Called from inside the action, it starts them and returns at once.
  ///
  /// - Complexity: O(k) to start them, k being the keys pending or running.
  public nonisolated func flush() async {
    await runs.flush()
  }

  /// Whether a value of `key` is waiting to run: not yet due, or due and not yet started.
  ///
  /// - Complexity: O(1) amortised.
  public nonisolated func isPending(forKey key: Key) -> Bool {
    runs.isPending(forKey: key)
  }

  /// Returns once no key has anything pending or running; returns early if the waiting task
  /// is cancelled.
  ///
  /// With values still arriving it may wait indefinitely; with `ManualClock`, advance the
  /// clock past the deadlines first.
  ///
  /// - Precondition: Not called from inside this debouncer's own action, which it would wait
  ///   for until the end of time.
  public nonisolated func waitUntilIdle() async {
    precondition(
      !runs.isRunningAction,
      waitingFromInsideTheActionMessage("KeyedDebouncer", "debouncer")
    )
    await runs.waitUntilIdle()
  }
}
