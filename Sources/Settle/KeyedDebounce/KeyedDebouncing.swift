/// Debounces each key on its own, each run receiving the value its ``RunFold`` made of that
/// key's inputs: a save per document, a search per row, a sync per record.
///
/// You name it through ``KeyedDebouncer`` (a key's newest value runs) or
/// ``FoldingKeyedDebouncer`` (a key's values are folded together); both are this one type.
/// ``send(_:forKey:)`` restarts only that key's quiet period; when it passes, the action runs
/// once with the key and its value.
///
/// ## Guarantees
/// - **Per key, a Debouncer.** For each key, every rule of ``Debouncing`` holds as stated
///   there (the edges, `maxWait`, the inclusive deadline, call order, no stale start, no
///   overlap, cancellation), measured from that key's own sends. Keys never delay, supersede
///   or cancel each other, and actions of different keys may run at the same time.
/// - **One timer.** All keys share one timer task, which sleeps until the earliest deadline.
///   Each run uses one task. No task is created per input or per key.
/// - **Bounded memory.** A key's state is dropped once nothing is pending for it and its run
///   has returned (with `leading: true`, once its burst is also over), and when it is
///   cancelled (once a cancelled run of it, if any, has returned): the debouncer holds only
///   the keys that are pending or running.
/// - **Results and lifetime.** As for ``Debouncing``, for every key: callers of one key
///   share that key's runs and their results, never another key's.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Complexity: With n keys pending, ``send(_:forKey:)`` for a key already waiting is O(1)
///   amortised and touches no heap, since the key's deadline only moves later; the first send
///   of a burst (every send, with `leading: true`) files the key in a min-heap of deadlines,
///   O(log n). Each key due costs O(log n) when the timer wakes. Entries left behind by
///   `cancel(forKey:)` and `flush(forKey:)` cost O(1) amortised each: the heap is rebuilt in
///   O(n) once they outnumber the live ones.
public final actor KeyedDebouncing<
  Key: Hashable & Sendable, Folding: RunFold, C: Clock, Success: Sendable, Failure: Error
>: KeyedPacedAction
where C.Duration == Duration {
  @usableFromInline
  package typealias KeyMachine = DebounceStateMachine<NumberedFold<Folding>, C.Instant>

  /// Not for use outside Settle; see ``KeyedPacedAction``.
  public nonisolated let _entryPoints: _KeyedPacedEntryPoints<Key, Folding.Input, Success>

  /// Creates a keyed debouncer whose runs receive the fold of each key's values.
  ///
  /// ```swift
  /// // Per document, one save of every field edited in a burst.
  /// let save = FoldingKeyedDebouncer(
  ///   for: .seconds(1), folding: .reducing(into: Set<String>()) { $0.insert($1) }
  /// ) { (document: Int, fields: Set<String>) in
  ///   print("saving", fields.sorted(), "of document", document)
  /// }
  /// save.send("title", forKey: 7)
  /// save.send("body", forKey: 7)  // one save of document 7: ["body", "title"]
  /// ```
  ///
  /// The parameters are those of
  /// ``Debouncing/init(for:tolerance:options:folding:onRelease:clock:action:)``, applied to
  /// each key; `action` is called with the key and its fold, and `onRelease` applies to every
  /// key's pending value.
  /// - Precondition: `interval` and `tolerance` are not negative.
  @inlinable
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    folding fold: Folding,
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action:
      @escaping @Sendable @isolated(any) (Key, Folding.Output) async throws(Failure) -> Success
  ) {
    let keyMachine = KeyMachine(interval: interval, options: options, fold: NumberedFold(fold))
    _entryPoints = _KeyedPacedEntryPoints(
      KeyedRuns(
        machine: KeyedStateMachine(fresh: keyMachine), clock: clock, tolerance: tolerance,
        action: IsolatedKeyedAction(action)),
      ownerName: { Folding.ownerName(plain: "KeyedDebouncer", core: "KeyedDebouncing") },
      noun: "debouncer", onRelease: onRelease)
  }

  /// Creates a keyed debouncer whose runs receive each key's newest value: a
  /// ``KeyedDebouncer``, whose page has an example. The parameters are those of
  /// ``init(for:tolerance:options:folding:onRelease:clock:action:)``, with ``LatestValue`` as
  /// the fold.
  @inlinable
  public init<Value>(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    onRelease: PendingValuePolicy = .cancelPending,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success
  ) where Folding == LatestValue<Value> {
    self.init(
      for: interval, tolerance: tolerance, options: options, folding: LatestValue(),
      onRelease: onRelease, clock: clock, action: action)
  }
}

extension KeyedDebouncing: KeyedRunsOwner {
  @usableFromInline package typealias TimedClock = C
  @usableFromInline package typealias ActionFailure = Failure
}
