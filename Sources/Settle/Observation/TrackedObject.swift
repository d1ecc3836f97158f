/// A class whose ``Tracked`` properties can be observed, property by property.
///
/// Observe them with ``withTracking(options:_:onChange:)-(_,_,()->Void)``,
/// ``withContinuousTracking(options:_:)`` and ``TrackedValues``.
///
/// Conform by storing one registry; every `@Tracked` property reports to it:
///
/// ```swift
/// final class LibraryStore: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var books: [String] = []
///   @Tracked var borrowedCount = 0
/// }
/// ```
///
/// Thread rules are those of the class: Settle's bookkeeping is thread-safe, but the
/// properties' storage is the class's own, so concurrent reads and writes need the class's
/// own synchronisation (an actor, a lock, or confinement to one thread).
public protocol TrackedObject: AnyObject {
  /// The registry that records reads of this object's tracked properties and notifies on
  /// writes. It must be the same instance for the object's whole life.
  var observationRegistry: ObservationRegistry { get }
}
