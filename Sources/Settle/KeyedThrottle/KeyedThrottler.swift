/// Throttles each key on its own, with one value per run: a ``KeyedThrottling`` whose fold is
/// ``LatestValue``.
///
/// ``KeyedThrottling`` states its rules; create one with
/// ``KeyedThrottling/init(for:tolerance:mode:onRelease:clock:action:)``.
///
/// ```swift
/// // Per row, at most one "like" request every second, and always the final state.
/// let like = KeyedThrottler(for: .seconds(1)) { (post: Int, liked: Bool) in
///   print("post", post, liked ? "liked" : "unliked")
/// }
/// like.send(true, forKey: 7)  // runs at once, and opens post 7's window
/// like.send(false, forKey: 7)  // waits for the window's end
/// like.send(true, forKey: 8)  // post 8 has its own window: runs at once
/// like.cancel(forKey: 7)  // the row was deleted: drop its waiting request
/// ```
public typealias KeyedThrottler<Key: Hashable & Sendable, Value: Sendable, C: Clock> =
  KeyedThrottling<Key, LatestValue<Value>, C, Void, Never>
where C.Duration == Duration
