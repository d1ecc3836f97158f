/// What a debounced change does with its pending value when its scene goes to the background:
/// nothing, or run it at once, while the app may still run.
///
/// An autosave whose quiet period has not ended when iOS suspends the app would otherwise lose
/// the last edit: the timer only fires when the app comes back, and not at all if the system
/// ends the process meanwhile. With ``runPending`` the value runs as the scene enters the
/// background, inside a background-task assertion on iOS, tvOS and visionOS, which asks the
/// system for the time the run needs. See `flushOnBackground(_:)` for owners held outside a
/// view.
public enum BackgroundPolicy: Hashable, Sendable {
  /// Leave the pending value waiting: it runs when its quiet period ends, which for a
  /// suspended app is after it comes back. The default; right for work that only matters on
  /// screen, such as a search.
  case keepPending
  /// Run the pending value at once when the scene enters the background, as `flush()` would,
  /// holding a background-task assertion until the run returns or the system's time runs out.
  case runPending
}
