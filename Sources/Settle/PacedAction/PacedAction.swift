/// An owner that runs an action with the values sent to it, at moments its rule decides:
/// ``Debouncing``, ``Throttling`` and ``RateLimiting``, and so ``Debouncer``, ``Throttler``,
/// ``FoldingDebouncer``, ``FoldingThrottler`` and ``RateLimiter``.
///
/// Each owner's page states its rule: which values run, when, and with what. The members
/// here are the ones every owner shares, written once; where their behaviour depends on the
/// rule (what "covers" a value, what ``cancel()`` forgets) they say so and link to it. Write
/// code against the protocol to take any owner:
///
/// ```swift
/// // Feeds a file's lines to whichever owner the caller chose: a debouncer keeps the last,
/// // a rate limiter runs them all at its pace.
/// func replay(_ lines: [String], into owner: some PacedAction<String, Void>) async {
///   for line in lines { owner.send(line) }
///   await owner.waitUntilIdle()
/// }
///
/// let log = RateLimiter(limit: 100, per: .seconds(1)) { (line: String) in print(line) }
/// await replay(["one", "two"], into: log)
/// ```
///
/// ## Guarantees shared by every owner
/// - **Order.** ``send(_:)`` and ``cancel()`` are synchronous and nonisolated: calls made in
///   order from one actor take effect in that order, with no `Task { await … }` hop.
/// - **No overlap.** One run at a time: a run starts only after the one before has returned.
/// - **Release.** Releasing the owner cancels pending and running work; see each owner's
///   `onRelease:` where it has one.
///
/// Only Settle's owners conform: the requirement, `_entryPoints`, is an implementation
/// detail whose type cannot be made outside Settle. ``KeyedPacedAction`` is the same surface
/// with a key.
public protocol PacedAction<Input, Success>: Actor {
  /// What ``send(_:)`` takes.
  associatedtype Input: Sendable
  /// What the action returns: the result every caller of ``sendAndWaitForResult(_:)`` gets.
  associatedtype Success: Sendable

  /// The owner's way into its engine; not for use outside Settle. The owner's release is
  /// the release of these entry points: code that keeps them keeps the engine running.
  nonisolated var _entryPoints: _PacedEntryPoints<Input, Success> { get }
}

extension PacedAction {
  /// Offers a value to the owner's rule, which decides whether, when and with what else it
  /// runs. Synchronous and callable from any isolation; the action never starts inside
  /// `send`, at the earliest on the next turn.
  ///
  /// - Complexity: O(1) for the debounce and throttle rules (plus the fold's own work),
  ///   amortised O(1) for a rate limiter's queue; no allocation per call in a burst. The
  ///   owner's page says which tasks it creates.
  @inlinable
  public nonisolated func send(_ value: Input) {
    _entryPoints.send(value)
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
  /// returned, or at once when no run will cover it. Which run covers a value is the owner's
  /// rule: a debouncer's burst, a throttler's window (which may drop it at once), a rate
  /// limiter's queue (its own run). ``SendOutcome`` lists the outcomes.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent, as if the caller had not waited.
  @inlinable
  public nonisolated func sendAndWait(_ value: Input) async throws(CancellationError)
    -> SendOutcome
  {
    try await _entryPoints.sendAndWait(value)
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
  /// covered. The engine keeps a result only until its callers have it.
  ///
  /// - Complexity: The send of ``send(_:)``, plus an entry for the caller in the table of
  ///   waiting callers; a returning run settles the callers it covers in O(the callers
  ///   waiting).
  ///
  /// - Returns: What the covering run's action returned.
  /// - Throws: What the covering run's action threw; ``DroppedValueError`` when no run will
  ///   cover the value; `CancellationError` when the calling task is cancelled while it
  ///   waits, in which case the value stays sent, as if the caller had not waited.
  @inlinable
  public nonisolated func sendAndWaitForResult(_ value: Input) async throws -> Success {
    try await _entryPoints.sendAndWaitForResult(value)
  }

  /// Drops what is pending, cancels a running action, and starts the rule over: a
  /// debouncer's burst ends, a throttler's window closes, a rate limiter forgets its window.
  ///
  /// Nothing sent before `cancel()` runs after it returns; the next ``send(_:)`` is the first
  /// of a new burst, window or queue.
  public nonisolated func cancel() {
    _entryPoints.controls.cancel()
  }

  /// Whether a value waits to run: not yet due, or due and not yet started.
  public nonisolated var isPending: Bool {
    _entryPoints.isPending
  }

  /// Returns once nothing is pending or running, or early if the waiting task is cancelled; a
  /// throttler's or a rate limiter's window still open does not count. With values still
  /// arriving it may wait indefinitely; with `ManualClock`, advance the clock past the
  /// deadline first.
  ///
  /// - Precondition: Not called from inside this owner's own action, which it would wait for
  ///   until the end of time: code that must run after it belongs after the `await` of
  ///   whoever sent the value, or in the action itself.
  public nonisolated func waitUntilIdle() async {
    await _entryPoints.controls.waitUntilIdle()
  }
}
