/// Runs an action with every value sent, at most `limit` times per interval, or hands out
/// places in that window: a ``RateLimiting`` whose action returns nothing and cannot throw.
///
/// Its rules are those of ``RateLimiting``. With an action, create one with
/// ``RateLimiting/init(limit:per:tolerance:clock:action:)``; without, with
/// ``RateLimiting/init(limit:per:tolerance:clock:)``, and take places with
/// ``RateLimiting/acquire()``.
///
/// ```swift
/// // At most 10 requests a second to the API, however many tasks make them.
/// let api = RateLimiter(limit: 10, per: .seconds(1))
///
/// func fetch(_ path: String) async throws -> String {
///   try await api.acquire()  // waits for a place in the window
///   return "contents of \(path)"  // stands in for the request
/// }
/// ```
public typealias RateLimiter<Value: Sendable, C: Clock> = RateLimiting<Value, C, Void, Never>
where C.Duration == Duration
