import Settle

/// A rate limiter against the token bucket a user writes without Settle (an actor that
/// refills its tokens from the clock and sleeps when it has none), with a place always free
/// on both sides: a zero interval for Settle, a refill far faster than the callers for the
/// bucket. So each row measures what a call pays when it is under the limit, which is every
/// call of an app that stays within its quota; waiting for a place is the clock's time, not
/// the library's.
enum RateLimitWorkloads {
  /// `acquire()` in a loop on one task, each call awaited before the next, as a client awaits
  /// its place before each request.
  static func acquire(_ operations: Int) async throws -> Sample {
    let limiter = RateLimiter(limit: 1, per: .zero)
    return try await measure(operations: operations) {
      for _ in 0..<operations { try await limiter.acquire() }
    }
  }

  static func tokenBucketAcquire(_ operations: Int) async throws -> Sample {
    let bucket = TokenBucket(capacity: 1, refillPerSecond: 1e15)
    return try await measure(operations: operations) {
      for _ in 0..<operations { try await bucket.acquire() }
    }
  }

  /// `acquire(forKey:)` in a loop on one task, over `keys` keys in turn, each key allowed more
  /// calls a second than it gets: a key's state stays while its window lasts, as it does for
  /// a client within its quota, rather than being made and dropped at every call as a zero
  /// interval would.
  static func keyedAcquire(_ operations: Int) async throws -> Sample {
    let limiter = KeyedRateLimiter<Int, Void, ContinuousClock>(
      limit: operations / keys + 1, per: .seconds(1))
    return try await measure(operations: operations) {
      for call in 0..<operations { try await limiter.acquire(forKey: call % keys) }
    }
  }

  static func keyedTokenBucketAcquire(_ operations: Int) async throws -> Sample {
    let buckets = KeyedTokenBuckets(
      capacity: operations / keys + 1, refillPerSecond: Double(operations / keys + 1))
    return try await measure(operations: operations) {
      for call in 0..<operations { try await buckets.acquire(forKey: call % keys) }
    }
  }

  static let keys = 100

  /// `send(_:)` of every value at once, then the wait until each has run, in order: a queue
  /// of work through the limiter's action.
  static func queue(_ operations: Int) async throws -> Sample {
    let ran = QueueCheck()
    let limiter = RateLimiter(limit: 1, per: .zero) { (value: Int) in ran.record(value) }
    let sample = await measure(operations: operations) {
      for value in 0..<operations { limiter.send(value) }
      await limiter.waitUntilIdle()
    }
    try ran.check(operations)
    return sample
  }

  /// What a user writes for the same queue: an `AsyncStream` that a task drains, taking a
  /// token from the bucket before each value's work.
  static func tokenBucketQueue(_ operations: Int) async throws -> Sample {
    let ran = QueueCheck()
    let bucket = TokenBucket(capacity: 1, refillPerSecond: 1e15)
    let (values, input) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    let worker = Task {
      for await value in values {
        try await bucket.acquire()
        ran.record(value)
      }
    }
    let sample = try await measure(operations: operations) {
      for value in 0..<operations { input.yield(value) }
      input.finish()
      try await worker.value
    }
    try ran.check(operations)
    return sample
  }

  /// A token bucket as the blog posts write it: `capacity` tokens, refilled continuously at
  /// `refillPerSecond` from the clock, and a sleep for the missing fraction when empty.
  actor TokenBucket {
    private let capacity: Double
    private let refillPerSecond: Double
    private var tokens: Double
    private var refilledAt = ContinuousClock.now

    init(capacity: Int, refillPerSecond: Double) {
      self.capacity = Double(capacity)
      self.refillPerSecond = refillPerSecond
      tokens = Double(capacity)
    }

    func acquire() async throws {
      while true {
        let now = ContinuousClock.now
        let elapsed = now - refilledAt
        let seconds =
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        tokens = min(capacity, tokens + seconds * refillPerSecond)
        refilledAt = now
        if tokens >= 1 {
          tokens -= 1
          return
        }
        try await Task.sleep(for: .seconds((1 - tokens) / refillPerSecond))
      }
    }
  }

  /// What a user writes for a limit per key: one actor holding a bucket per key, made on the
  /// key's first call.
  actor KeyedTokenBuckets {
    private let capacity: Double
    private let refillPerSecond: Double
    private var buckets: [Int: (tokens: Double, refilledAt: ContinuousClock.Instant)] = [:]

    init(capacity: Int, refillPerSecond: Double) {
      self.capacity = Double(capacity)
      self.refillPerSecond = refillPerSecond
    }

    func acquire(forKey key: Int) async throws {
      while true {
        let now = ContinuousClock.now
        var bucket = buckets[key] ?? (capacity, now)
        let elapsed = now - bucket.refilledAt
        let seconds =
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        bucket = (min(capacity, bucket.tokens + seconds * refillPerSecond), now)
        if bucket.tokens >= 1 {
          bucket.tokens -= 1
          buckets[key] = bucket
          return
        }
        buckets[key] = bucket
        try await Task.sleep(for: .seconds((1 - bucket.tokens) / refillPerSecond))
      }
    }
  }

  /// Checks that every value ran once, in the order sent.
  final class QueueCheck: Sendable {
    private let state = BenchmarkLock((count: 0, inOrder: true))

    func record(_ value: Int) {
      state.withLock { state in
        if value != state.count { state.inOrder = false }
        state.count += 1
      }
    }

    func check(_ expected: Int) throws {
      let (count, inOrder) = state.withLock { ($0.count, $0.inOrder) }
      try BenchmarkFailure.check("values run", count, equals: expected)
      guard inOrder else { throw BenchmarkFailure("the values ran out of order") }
    }
  }
}
