/// A ``PacedAction`` for each key: ``KeyedDebouncing``, ``KeyedThrottling`` and
/// ``KeyedRateLimiting``, and so ``KeyedDebouncer``, ``KeyedThrottler``,
/// ``FoldingKeyedDebouncer``, ``FoldingKeyedThrottler`` and ``KeyedRateLimiter``.
///
/// For each key, the owner's rule holds as its unkeyed counterpart's page states it,
/// measured from that key's own sends. Keys never delay, supersede or cancel each other, and
/// actions of different keys may run at the same time. The members here are the ones every
/// keyed owner shares, written once:
///
/// ```swift
/// // A save per document, whichever keyed owner the caller chose.
/// func saveAll(_ edits: [(document: Int, text: String)], with owner: some KeyedPacedAction<Int, String, Void>) {
///   for edit in edits { owner.send(edit.text, forKey: edit.document) }
/// }
///
/// let save = KeyedDebouncer(for: .seconds(1)) { (document: Int, text: String) in
///   print("saving document", document, text)
/// }
/// saveAll([(1, "Dear Ada,"), (2, "Hello")], with: save)
/// ```
///
/// Only Settle's owners conform: the requirement, `_entryPoints`, is an implementation
/// detail whose type cannot be made outside Settle.
public protocol KeyedPacedAction<Key, Input, Success>: Actor {
  /// What tells the owner's independent timings apart: a document, a row, a host.
  associatedtype Key: Hashable & Sendable
  /// What ``send(_:forKey:)`` takes with the key.
  associatedtype Input: Sendable
  /// What the action returns: the result every caller of ``sendAndWaitForResult(_:forKey:)``
  /// gets.
  associatedtype Success: Sendable

  /// The owner's way into its engine; not for use outside Settle. The owner's release is
  /// the release of these entry points: code that keeps them keeps the engine running.
  nonisolated var _entryPoints: _KeyedPacedEntryPoints<Key, Input, Success> { get }
}

extension KeyedPacedAction {
  /// Offers a value for `key`, as ``PacedAction/send(_:)`` does for one key; other keys are
  /// not affected.
  ///
  /// - Complexity: O(1) amortised for a key the owner already holds and whose deadline does
  ///   not move earlier; O(log n) when the key is filed anew (the first value of a debouncer's
  ///   burst, of a throttler's window, or one a limiter must queue), n being the keys the owner
  ///   holds: pending, running, or inside a window. Creates a task only for a run, and the one
  ///   timer task when it is not running; no task per key.
  @inlinable
  public nonisolated func send(_ value: Input, forKey key: Key) {
    _entryPoints.send(value, forKey: key)
  }

  /// Offers a value for `key`, as ``send(_:forKey:)`` does, and returns once the key's run that
  /// covers it has finished, saying how the value ended.
  ///
  /// ```swift
  /// let save = KeyedDebouncer(for: .seconds(1)) { (document: Int, text: String) in
  ///   print("saving document", document, text)
  /// }
  /// print(try await save.sendAndWait("Dear Ada,", forKey: 3))  // "ran", once saved
  /// ```
  ///
  /// The rules are ``PacedAction/sendAndWait(_:)``'s, for one key: the value is sent before the
  /// call first suspends; it returns when the key's run that covers it has returned, or at
  /// once when no run will. Runs and cancels of other keys never settle it.
  ///
  /// - Throws: `CancellationError` when the calling task is cancelled while it waits; the
  ///   value stays sent.
  @inlinable
  public nonisolated func sendAndWait(
    _ value: Input, forKey key: Key
  ) async throws(CancellationError) -> SendOutcome {
    try await _entryPoints.sendAndWait(value, forKey: key)
  }

  /// Offers a value for `key` and returns what the key's run that covered it returned or
  /// threw: concurrent callers of one key share its runs and their results, and callers of
  /// other keys never do. The rules are those of ``PacedAction/sendAndWaitForResult(_:)``,
  /// for one key.
  ///
  /// ```swift
  /// // Single flight: requests for one image within 50 ms share one download.
  /// let images = KeyedDebouncing(for: .milliseconds(50)) {
  ///   (url: String, _: Void) async throws -> [UInt8] in
  ///   try await Task.sleep(for: .milliseconds(10))  // stands in for the download
  ///   return Array(url.utf8)
  /// }
  /// async let header = images.sendAndWaitForResult((), forKey: "https://example.com/a.png")
  /// async let cell = images.sendAndWaitForResult((), forKey: "https://example.com/a.png")
  /// print(try await header == cell)  // true: one download, both callers
  /// ```
  @inlinable
  public nonisolated func sendAndWaitForResult(
    _ value: Input, forKey key: Key
  ) async throws -> Success {
    try await _entryPoints.sendAndWaitForResult(value, forKey: key)
  }

  /// Drops `key`'s pending values, cancels its running action, starts its rule over and
  /// forgets the key, as ``PacedAction/cancel()`` does for one; other keys go on undisturbed.
  ///
  /// - Complexity: O(1) amortised.
  public nonisolated func cancel(forKey key: Key) {
    _entryPoints.cancel(forKey: key)
  }

  /// Whether a value of `key` waits to run: not yet due, or due and not yet started.
  ///
  /// - Complexity: O(1) amortised.
  public nonisolated func isPending(forKey key: Key) -> Bool {
    _entryPoints.isPending(forKey: key)
  }

  /// Drops every pending value, cancels every running action, starts every key's rule over (a
  /// keyed throttler closes every window, a keyed rate limiter forgets every window) and stops
  /// the timer; nothing sent before this call runs after it returns.
  ///
  /// - Complexity: O(k), k being the keys the owner holds: pending, running, or inside a
  ///   window.
  public nonisolated func cancel() {
    _entryPoints.controls.cancel()
  }

  /// Returns once no key has anything pending or running (a window still open does not
  /// count), as ``PacedAction/waitUntilIdle()`` does for one.
  ///
  /// - Precondition: Not called from inside this owner's own action.
  public nonisolated func waitUntilIdle() async {
    await _entryPoints.controls.waitUntilIdle()
  }
}
