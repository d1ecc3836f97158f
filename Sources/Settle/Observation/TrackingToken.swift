/// Keeps a ``withContinuousTracking(options:_:)`` observation alive: it stops when the token is
/// cancelled or released.
///
/// Hold it as long as the observation should run, typically in a stored property of the
/// object that observes:
///
/// ```swift
/// @MainActor final class Note: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var title = ""
/// }
///
/// @MainActor final class TitleMirror {
///   var shown = ""
///   private var token: TrackingToken?
///
///   init(note: Note) {
///     token = withContinuousTracking { [weak self, weak note] _ in
///       MainActor.assumeIsolated { self?.shown = note?.title ?? "" }
///     }
///   }
/// }
/// ```
///
/// The token is what holds the closure, and so whatever the closure captures; the objects
/// observed hold only a weak reference back. Releasing the token therefore frees the closure,
/// and a model it captured, even while the model is still observed.
///
/// Thread rules: `Sendable`; cancel from any thread.
public final class TrackingToken: Sendable {
  private let tracker: ContinuousTracker

  /// The only strong reference to the tracker: releasing the token frees it, and its deinit
  /// disarms the observation (see ``ContinuousTracker``).
  package init(_ tracker: ContinuousTracker) {
    self.tracker = tracker
  }

  /// Stops the observation: after it returns, the closure is not called again, except by a
  /// round already running on another thread, which arms nothing afterwards.
  ///
  /// Idempotent.
  public func cancel() {
    tracker.cancel()
  }
}
