/// What happened, told to a tracking callback: a property is about to change or has changed,
/// an object the scope read was released, or continuous tracking made its first reading.
///
/// ```swift
/// @MainActor final class Note: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var title = ""
///   @Tracked var body = ""
/// }
///
/// let note = Note()
/// withTracking(options: .afterStore) {
///   _ = note.title + note.body
/// } onChange: { event in
///   // On the writing thread, after the store. Writes happen on the main actor here, and a
///   // key path to a main-actor property can only be formed there (see `matches(_:)`).
///   MainActor.assumeIsolated {
///     if event.matches(\Note.title) { print("title is now", note.title) }
///   }
/// }
/// note.title = "Groceries"  // prints "title is now Groceries"
/// ```
///
/// Settle's counterpart of `ObservationTracking.Event` from SE-0506, for iOS 17, macOS 14 and
/// Linux; see "Property-level observation" in the guide for how the two compare.
///
/// The callback gets the event on the thread that caused it: the writing thread, or the thread
/// that released the object. The event is `Sendable`, so a callback can take it along into
/// `MainActor.assumeIsolated` or a task; for the same reason it names the object written by
/// identity (``objectID``), never by reference.
public struct TrackingEvent: Sendable {
  /// The kinds of event.
  public enum Kind: Sendable, Hashable {
    /// Continuous tracking's first reading, made by ``withContinuousTracking(options:_:)``
    /// itself before it returns.
    case initial
    /// A property the scope read is about to change: the old value is still stored (unless
    /// the scope was armed while that write was already under way; then it is told once the
    /// write has stored).
    case willSet
    /// A property the scope read has changed: the new value is stored.
    case didSet
    /// An object the scope read was released (``TrackingOptions/deinit``). Weak references to
    /// it are already `nil`.
    case `deinit`
  }

  /// What happened.
  public let kind: Kind
  /// The property written, when known: see ``matches(_:)``.
  ///
  /// Unchecked because `AnyKeyPath` is not declared `Sendable`, though a key path is immutable
  /// once made. The ones here come from property accessors (`\Model.title`), which capture
  /// nothing; a key path with captured subscript arguments is only ever compared with `==`.
  nonisolated(unsafe) private let keyPath: AnyKeyPath?
  /// The identity of the object written to, for an event from a write: compare it with
  /// `ObjectIdentifier(model)` to tell apart two objects of one class that a scope read.
  ///
  /// `nil` for ``Kind/initial`` and ``Kind/deinit`` events, and for a change found while the
  /// scope was being armed, after the write itself had returned: then the object is not known
  /// to the scope, which never holds what it observes.
  public let objectID: ObjectIdentifier?

  package init(kind: Kind, keyPath: AnyKeyPath? = nil, objectID: ObjectIdentifier? = nil) {
    self.kind = kind
    self.keyPath = keyPath
    self.objectID = objectID
  }

  /// Whether the event is a change of the property at `keyPath`.
  ///
  /// True for ``Kind/willSet`` and ``Kind/didSet`` events of a write to that property, also
  /// when the scope is object-level. False for ``Kind/initial`` and ``Kind/deinit`` events,
  /// and for an object-level change found while arming, whose property is not recorded.
  ///
  /// For a model isolated to an actor, call it on that actor. A tracking callback runs on the
  /// writing thread and belongs to no actor, and Swift does not form a key path to an
  /// actor-isolated property there ("cannot form key path to main actor-isolated property");
  /// nor can the callback capture one formed earlier, since such a key path is not `Sendable`.
  /// The event is `Sendable` so that it can go to the actor: `MainActor.assumeIsolated`, as in
  /// the sample on ``TrackingEvent``, when writes happen on the main actor; a
  /// `Task { @MainActor in … }` from a callback that may run elsewhere, such as a
  /// ``Kind/deinit`` event on the releasing thread.
  ///
  /// - Complexity: O(1) for the key path the property's accessor passes, which is the one a
  ///   key-path literal makes; otherwise a key-path comparison.
  public func matches<Root: AnyObject>(_ keyPath: PartialKeyPath<Root>) -> Bool {
    guard let changed = self.keyPath else { return false }
    return changed === keyPath || changed == keyPath
  }
}
