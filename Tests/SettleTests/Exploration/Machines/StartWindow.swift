/// A rate limiter's promise, as the searches state it: at most `limit` runs started (claimed)
/// in any span of `interval` ticks since the latest `cancel()`, which starts the limiter over.
struct RateLimitPromise: Hashable {
  var limit: Int
  var interval: Int
}

/// The ticks at which the runs still inside the window started: how the searches check a
/// ``RateLimitPromise`` against what the machine does, with no knowledge of how it keeps its
/// own window. A run starts when it claims, which the model of the engine may put ticks after
/// its dispatch, as a busy actor does.
struct StartWindow: CustomStringConvertible {
  private(set) var ticks: [Int] = []

  /// Records a start at `now`; what is wrong with it under `promise`, if anything.
  mutating func started(at now: Int, under promise: RateLimitPromise?) -> String? {
    guard let promise else { return nil }
    ticks.removeAll { $0 + promise.interval <= now }
    ticks.append(now)
    guard ticks.count <= promise.limit else {
      return
        "\(ticks.count) runs started within \(promise.interval) ms, at ticks \(ticks); the limit is \(promise.limit)"
    }
    return nil
  }

  /// `cancel()` started the limiter over.
  mutating func forget() {
    ticks.removeAll()
  }

  var description: String { "\(ticks)" }
}
