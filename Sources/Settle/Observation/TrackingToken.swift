/// Keeps a continuous observation alive: one of ``withContinuousTracking(options:_:)`` or, for
/// Apple's `@Observable` models, of the SettleObservation module's
/// `withContinuousObservationTracking(isolation:_:)`. It stops when the token is cancelled or
/// released.
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
  private let stop: @Sendable () -> Void

  /// The only strong reference to the tracker: releasing the token frees it, and its deinit
  /// disarms the observation (see ``ContinuousTracker``).
  package convenience init(_ tracker: ContinuousTracker) {
    self.init(stoppingWith: tracker.cancel)
  }

  /// A token for an observation kept by `stop`'s captures; another module of this package
  /// (SettleObservation) holds its observation this way. Releasing the token releases `stop`,
  /// so what it captures must end the observation when freed, as cancelling does.
  package init(stoppingWith stop: @escaping @Sendable () -> Void) {
    self.stop = stop
  }

  /// Stops the observation: after it returns, the closure is not called again, except by a
  /// round already running on another thread, which arms nothing afterwards.
  ///
  /// Idempotent.
  public func cancel() {
    stop()
  }
}
