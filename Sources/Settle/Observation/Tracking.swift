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
/// The same as ``withTracking(options:_:onChange:)`` with ``TrackingOptions/afterStore``:
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
