/// Runs an action with the last value once input has been quiet for an interval: a
/// ``Debouncing`` whose fold is ``LatestValue``.
///
/// Its rules (edges, `maxWait`, no stale start, no overlap, lifetime) are those of
/// ``Debouncing``; create one with
/// ``Debouncing/init(for:tolerance:options:onRelease:clock:action:)``.
///
/// ```swift
/// let search = Debouncer(for: .milliseconds(300)) { (query: String) in
///   print(await Catalog.search(query))  // once the user pauses typing, for the last query
/// }
/// search.send("du")  // from the text field's change callback: synchronous, O(1)
/// search.send("dune")
/// ```
public typealias Debouncer<Value: Sendable, C: Clock> = Debouncing<
  LatestValue<Value>, C, Void, Never
>
where C.Duration == Duration
