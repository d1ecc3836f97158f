/// Runs an action at most once per interval, with one value per run: a ``Throttling`` whose
/// fold is ``LatestValue``.
///
/// Its rules are those of ``Throttling``; create one with
/// ``Throttling/init(for:tolerance:mode:onRelease:clock:action:)``.
///
/// ```swift
/// // Save the scroll position at most every 500 ms, and always the final one.
/// let savePosition = Throttler(for: .milliseconds(500)) { (offset: Double) in
///   print("saving offset", offset)
/// }
/// savePosition.send(120)  // from the scroll view's callback: synchronous, O(1)
/// ```
public typealias Throttler<Value: Sendable, C: Clock> = Throttling<
  LatestValue<Value>, C, Void, Never
>
where C.Duration == Duration
