/// What a ``Throttler`` or `throttled` does with the values that arrive while a window is
/// open.
///
/// In the first three modes, a value that arrives with no window open runs at once and opens
/// a window of one interval, and the modes differ only in the values that arrive inside the
/// window. In ``newestAtWindowEndOnly`` even that first value waits: it opens the window and
/// waits for its end with the others.
///
/// | mode | the value that opens a window | values inside the window | run at the window's end |
/// |---|---|---|---|
/// | ``newestAtWindowEnd`` | runs at once | the newest replaces the others | the newest, opening the next window |
/// | ``firstAtWindowEnd`` | runs at once | the first is kept, later ones are dropped | the first, opening the next window |
/// | ``cooldown`` | runs at once | all dropped | none: the next value after the window runs at once |
/// | ``newestAtWindowEndOnly`` | waits | the newest replaces it and the others | the newest, opening no window |
///
/// With interval 300 and values `a@0 b@100 c@200`: ``newestAtWindowEnd`` runs `a@0 c@300`,
/// ``firstAtWindowEnd`` runs `a@0 b@300`, ``cooldown`` runs `a@0` only, and
/// ``newestAtWindowEndOnly`` runs `c@300` only. Add `d@400`: ``cooldown`` runs it at once, the
/// first two at 600, and ``newestAtWindowEndOnly`` at 700, one interval after it opened a
/// fresh window.
///
/// ```swift
/// // A Refresh button: the first tap refreshes at once, taps in the next 2 s do nothing.
/// let refresh = Throttler(for: .seconds(2), mode: .cooldown) { (_: Void) in
///   print("refreshing")
/// }
/// refresh.send(())  // runs
/// refresh.send(())  // dropped: the cooldown has not passed
/// ```
///
/// swift-async-algorithms' `_throttle(for:clock:latest:)` and Combine's `throttle(for:scheduler:latest:)`
/// name the first two with a `Bool`, and Combine's `latest: false` is often taken for a
/// cooldown, which it is not: it still runs a second value at the window's end. RxJS's
/// `auditTime` is ``newestAtWindowEndOnly``. The names here say when each value runs.
public enum ThrottleMode: Hashable, Sendable {
  /// At the window's end, run the newest value that arrived inside it (the default): the
  /// final value of a stream of updates always runs.
  case newestAtWindowEnd
  /// At the window's end, run the first value that arrived inside it; later ones are
  /// dropped.
  case firstAtWindowEnd
  /// Drop every value until the window has passed; never run a value at the window's end.
  /// The next value after it runs at once and opens a new window.
  case cooldown
  /// Run nothing at once: a value that arrives with no window open opens one and waits for
  /// its end, where the newest value of the window runs. That run opens no window; the next
  /// value opens a fresh one and waits again.
  ///
  /// Every value waits at most one interval, the one that opens a window exactly one, and
  /// the final value of a stream of updates always runs. Runs start at least one interval
  /// apart, since each run ends a window that a value opened at least one interval earlier
  /// (``Throttling/flush()`` aside, which brings the window's end forward).
  ///
  /// With interval 300 and values `a@0 b@100 c@200 d@400`, it runs `c@300 d@700`.
  ///
  /// ```swift
  /// // Recompute a layout at most every 100 ms while a window is resized, always from the
  /// // newest size, and never in the middle of the first resize event's handling.
  /// let relayout = Throttler(for: .milliseconds(100), mode: .newestAtWindowEndOnly) {
  ///   (width: Double) in
  ///   print("layout for width", width)
  /// }
  /// relayout.send(800)  // waits 100 ms
  /// relayout.send(810)  // replaces 800: only 810 runs, at the window's end
  /// ```
  ///
  /// Where it matches RxJS's `auditTime`: the value that opens a window waits, the newest of
  /// the window runs at its end, and that run does not start the next window, so a value
  /// after it waits a whole interval; and `throttled` emits a value still waiting when its
  /// base ends at the window's end, then ends, as `auditTime` completes after its last
  /// window. Where it adds to it: ``Throttling/flush()`` runs the waiting value at once and
  /// closes its window, and `cancel()` drops it. lodash's `throttle(…, { leading: false })`
  /// also holds the first value back, but spaces each run from the previous run, so under a
  /// steady stream of values it runs more often than this mode.
  case newestAtWindowEndOnly
}
