/// Rate-limits each key on its own, running an action with every value sent or handing out
/// places in each key's window: a ``KeyedRateLimiting`` whose action returns nothing and
/// cannot throw.
///
/// ``KeyedRateLimiting`` states its rules. With an action, create one with
/// ``KeyedRateLimiting/init(limit:per:tolerance:clock:action:)``; without, with
/// ``KeyedRateLimiting/init(limit:per:tolerance:clock:)``, and take places with
/// ``KeyedRateLimiting/acquire(forKey:)``.
///
/// ```swift
/// // Each account may post 3 times a minute.
/// let posting = KeyedRateLimiter<String, Void, ContinuousClock>(limit: 3, per: .seconds(60))
///
/// func post(_ text: String, as account: String) async throws {
///   try await posting.acquire(forKey: account)
///   print(account, "posts", text)
/// }
/// ```
public typealias KeyedRateLimiter<Key: Hashable & Sendable, Value: Sendable, C: Clock> =
  KeyedRateLimiting<Key, Value, C, Void, Never>
where C.Duration == Duration
