import Settle

// The handshake for a test with concurrent callers, as `ManualClock.waitForSleepers(count:)`
// is for a timer: a caller's value is sent inside its call, on a task the test cannot follow,
// so the test waits until the callers wait before it moves the clock.

extension PacedAction {
  /// Suspends until at least `count` callers of `sendAndWait(_:)` or
  /// `sendAndWaitForResult(_:)` (or a rate limiter's `acquire()`) wait for a run: their values
  /// are sent, and no run has settled them yet.
  ///
  /// Two callers started in tasks of their own send in an order and at a time the test does
  /// not control; once both wait, the clock may move, and both values are in the quiet period
  /// it ends.
  ///
  /// ```swift
  /// let clock = ManualClock()
  /// let render = Debouncing(for: .milliseconds(50), clock: clock) { (size: Int) in
  ///   "rendered at \(size) px"
  /// }
  /// async let small = render.sendAndWaitForResult(64)
  /// async let large = render.sendAndWaitForResult(512)
  /// await render.waitForCallers(count: 2)
  /// await clock.advance(by: .milliseconds(50))
  /// print(try await small == large)  // true: one run served both
  /// ```
  ///
  /// Returns at once when the count is already reached, and early when the waiting task is
  /// cancelled. A value dropped at once (left out by the owner's rules) never counts.
  public nonisolated func waitForCallers(count: Int) async {
    await _entryPoints.controls.waitForCallers(count: count)
  }
}

extension KeyedPacedAction {
  /// Suspends until at least `count` callers, over every key, wait for a run, as
  /// ``Settle/PacedAction/waitForCallers(count:)`` does.
  public nonisolated func waitForCallers(count: Int) async {
    await _entryPoints.controls.waitForCallers(count: count)
  }
}
