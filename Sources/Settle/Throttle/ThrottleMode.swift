/// What a ``Throttler`` or `throttled` does with the values that arrive while a window is
/// open.
///
/// In every mode, a value that arrives with no window open runs at once and opens a window of
/// one interval. The modes differ only in the values that arrive inside the window:
///
/// | mode | values inside the window | run at the window's end |
/// |---|---|---|
/// | ``newestAtWindowEnd`` | the newest replaces the others | the newest, opening the next window |
/// | ``firstAtWindowEnd`` | the first is kept, later ones are dropped | the first, opening the next window |
/// | ``cooldown`` | all dropped | none: the next value after the window runs at once |
///
/// With interval 300 and values `a@0 b@100 c@200`: ``newestAtWindowEnd`` runs `a@0 c@300`,
/// ``firstAtWindowEnd`` runs `a@0 b@300`, and ``cooldown`` runs `a@0` only.
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
/// cooldown, which it is not: it still runs a second value at the window's end. The names
/// here say when each value runs.
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
}
