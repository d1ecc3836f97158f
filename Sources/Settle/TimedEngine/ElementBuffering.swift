/// What a ``DebouncedSequence`` or ``ThrottledSequence`` keeps of the elements that become
/// due while its consumer is busy with an earlier one.
///
/// The operators consume their base eagerly, so time keeps counting while the body of a
/// `for await` loop runs: a slow consumer can find several elements settled when it next asks.
///
/// - ``newest`` (the default) keeps only the newest of them, as swift-async-algorithms'
///   `debounce` does: a search, a preview or an autosave wants the latest state, not a queue
///   of stale ones.
/// - ``unbounded`` keeps every one of them, in order, like `AsyncStream`'s `.unbounded`: for a
///   consumer that must see each settled value, such as a log of what the user confirmed.
///
/// ```swift
/// let (queries, typing) = AsyncStream.makeStream(of: String.self)
/// typing.yield("swift")
/// typing.finish()
/// // Every settled query, even those that settled while a search was running:
/// for await query in queries.debounced(for: .milliseconds(300), buffering: .unbounded) {
///   print("search for", query)
/// }
/// ```
///
/// Either way the element waiting when the base finishes is still delivered before the end,
/// and an error of the base is still thrown after the elements already due.
public struct ElementBuffering: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  let keepsEvery: Bool

  /// Keep only the newest element that became due while the consumer was busy: an element
  /// still waiting for the consumer is replaced by a newer one. The default.
  public static let newest = ElementBuffering(keepsEvery: false)

  /// Keep every element that became due while the consumer was busy, and deliver them in
  /// order. Memory grows with the backlog of a consumer that never catches up.
  public static let unbounded = ElementBuffering(keepsEvery: true)

  /// `newest` or `unbounded`.
  public var description: String { keepsEvery ? "unbounded" : "newest" }
}
