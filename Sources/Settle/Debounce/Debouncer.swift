/// Runs an action with the last value once input has been quiet for an interval: a
/// ``Debouncing`` whose fold is ``LatestValue``.
///
/// Its rules (edges, `maxWait`, no stale start, no overlap, lifetime) are those of
/// ``Debouncing``; create one with
/// ``Debouncing/init(for:tolerance:options:onRelease:clock:action:)``.
///
/// ```swift
/// @MainActor final class SearchModel {
///   var results: [String] = []
///   private lazy var search = Debouncer(for: .milliseconds(300)) {
///     @MainActor [weak self] (query: String) in
///     let found = await Catalog.search(query)
///     guard !Task.isCancelled else { return }   // a newer query is due: drop this answer
///     self?.results = found
///   }
///
///   func queryChanged(_ query: String) {
///     search.send(query)   // call straight from a UI callback: synchronous, O(1)
///   }
/// }
/// ```
public typealias Debouncer<Value: Sendable, C: Clock> = Debouncing<LatestValue<Value>, C>
where C.Duration == Duration
