/// Runs `apply`, recording every tracked property it reads, and calls `onChange` once, before the
/// first later write to any of them is stored.
///
/// ```swift
/// @MainActor final class LibraryStore: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var books: [String] = []
///   @Tracked var borrowedCount = 0
/// }
///
/// let store = LibraryStore()
/// let borrowed = withTracking {
///   store.borrowedCount            // read: recorded
/// } onChange: {
///   print("borrowedCount will change")
/// }
/// store.books.append("Emma")       // not read: calls nothing
/// store.borrowedCount = borrowed + 1  // prints, before the store
/// ```
///
/// What is recorded: reads of ``Tracked`` properties (and of properties made trackable by hand
/// with ``ObservationRegistry``) on any object, through computed properties and nested objects.
/// Mutating a ``Tracked`` property in place (`+=`, `append`) counts as a read; see ``Tracked``.
/// A nested `withTracking` records its reads into the enclosing scope too. Reads made inside any
/// tracking callback are recorded into no scope.
///
/// When `onChange` runs: exactly once, synchronously on the thread that writes, from its
/// `willSet`, before the new value is stored; by then every registration of this scope, in
/// every object, is gone, so writes made by the callback (or racing on other threads) call
/// nothing. Writes of an equal value do not count. If a recorded property is written after
/// its read but before this function returns (inside `apply`, or on another thread), `onChange`
/// runs right after installation, on this thread, before `withTracking` returns. If every
/// object read is released first, `onChange` never runs and is released with them. If `apply`
/// throws, nothing is armed and the error is rethrown. When one write calls several scopes,
/// their order is unspecified; see ``ObservationRegistry``.
///
/// How these rules are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// - Parameters:
///   - options: ``TrackingOptions/afterStore`` to be called after the store instead,
///     ``TrackingOptions/objectLevel`` to be called for a change to any tracked property of the
///     objects read. Defaults to property-level, before the store.
///   - apply: The reads to track; it runs once, synchronously.
///   - onChange: Called at most once, on the writing thread, with no Settle lock held.
/// - Returns: What `apply` returns.
/// - Complexity: O(properties read) on top of `apply`; a scope costs a few small allocations,
///   and each property read takes its object's lock once and adds one list entry.
public func withTracking<T>(
  options: TrackingOptions = [],
  _ apply: () throws -> T,
  onChange: @escaping @Sendable () -> Void
) rethrows -> T {
  try TrackingScope.arm(recording: apply) {
    TrackingScope(options: options, callback: onChange)
  }
}

/// Runs `apply`, recording every tracked property it reads, and calls `didChange` once, after the
/// first later write to any of them is stored, so the callback sees the new value.
///
/// ```swift
/// @MainActor final class LibraryStore: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var books: [String] = []
///   @Tracked var borrowedCount = 0
/// }
///
/// let store = LibraryStore()
/// withTracking {
///   print(store.books)
/// } didChange: {
///   // On the writing thread, after the store; writes happen on the main actor here.
///   MainActor.assumeIsolated { print("now \(store.books.count) books") }  // the new value
/// }
/// store.books.append("Emma")  // prints "now 1 books"
/// ```
///
/// The same as ``withTracking(options:_:onChange:)-(_,_,()->Void)``
/// with ``TrackingOptions/afterStore``:
/// `didChange` runs exactly once, synchronously on the writing thread, from its `didSet`.
///
/// - Returns: What `apply` returns.
/// - Complexity: O(properties read) on top of `apply`.
public func withTracking<T>(
  _ apply: () throws -> T,
  didChange: @escaping @Sendable () -> Void
) rethrows -> T {
  try withTracking(options: .afterStore, apply, onChange: didChange)
}

/// Runs `apply`, recording every tracked property it reads, and calls `onChange` once with a
/// ``TrackingEvent`` that says what happened: which property changed, and whether before or
/// after the store, or (with ``TrackingOptions/deinit``) that an object read was released.
///
/// ```swift
/// @MainActor final class Draft: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var subject = ""
///   @Tracked var body = ""
/// }
///
/// var draft: Draft? = Draft()
/// withTracking(options: [.afterStore, .deinit]) {
///   _ = draft?.subject
/// } onChange: { event in
///   MainActor.assumeIsolated {  // key paths to a main-actor model are formed there
///     switch event.kind {
///     case .didSet where event.matches(\Draft.subject): print("subject changed")
///     case .deinit: print("draft released")
///     default: break
///     }
///   }
/// }
/// draft = nil  // prints "draft released"
/// ```
///
/// Everything else is as in ``withTracking(options:_:onChange:)-(_,_,()->Void)``: one call at
/// most, on the writing thread (or the releasing one), with no Settle lock held. A write to a
/// property that was not read calls nothing, and so has no event. The callback runs once
/// whichever comes first, a change or a release; a scope that is cancelled (or fired) first
/// never reports the release.
///
/// - Parameters:
///   - options: When to call back: before the store (the default) or after it
///     (``TrackingOptions/afterStore``), for the properties read or the whole objects
///     (``TrackingOptions/objectLevel``), and on release (``TrackingOptions/deinit``).
///   - apply: The reads to track; it runs once, synchronously.
///   - onChange: Called at most once with the event.
/// - Returns: What `apply` returns.
/// - Complexity: O(properties read) on top of `apply`, as for the callback without an event;
///   the event itself is built only when the callback runs.
public func withTracking<T>(
  options: TrackingOptions = [],
  _ apply: () throws -> T,
  onChange: @escaping @Sendable (TrackingEvent) -> Void
) rethrows -> T {
  try TrackingScope.arm(recording: apply) {
    TrackingScope(options: options, callback: .event(onChange))
  }
}
