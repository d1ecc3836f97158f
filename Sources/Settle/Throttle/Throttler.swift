/// Runs an action at most once per interval, with one value per run: a ``Throttling`` whose
/// fold is ``LatestValue``.
///
/// Its rules (windows, spacing, the ``ThrottleMode``, no overlap, lifetime) are those of
/// ``Throttling``; create one with
/// ``Throttling/init(for:tolerance:mode:onRelease:clock:action:)``.
///
/// ```swift
/// actor Settings {
///   private(set) var scrollOffset = 0.0
///   func store(scrollOffset: Double) { self.scrollOffset = scrollOffset }
/// }
/// let settings = Settings()
///
/// // Save the scroll position at most every 500 ms, and always the final one.
/// let savePosition = Throttler(for: .milliseconds(500)) { (offset: Double) in
///   await settings.store(scrollOffset: offset)
/// }
/// func scrolled(to offset: Double) {
///   savePosition.send(offset)   // synchronous, O(1)
/// }
/// scrolled(to: 120)  // from the scroll view's callback
/// ```
public typealias Throttler<Value: Sendable, C: Clock> = Throttling<LatestValue<Value>, C>
where C.Duration == Duration
