import Settle

/// One send for each of many distinct keys: a `KeyedDebouncer` against the dictionary of
/// `Debouncer`s a user writes without it (create on a miss, then send), and a
/// `KeyedThrottler` against a dictionary of `Throttler`s. Each send is a call of its own, on
/// both sides alike, as an app makes it.
enum KeyedWorkloads {
  static let interval = Duration.milliseconds(20)

  /// Times one `send` per key, each a call of its own, then lets every key's run happen
  /// (`settle`) and checks that there was one per key.
  static func sendToEachKey(
    _ keys: Int, runs: KeyedRunCount, send: (Int) -> Void, settle: () async -> Void
  ) async throws -> Sample {
    let sample = measure(operations: keys) {
      for key in 0..<keys { send(key) }
    }
    await settle()
    try runs.check(keys)
    return sample
  }

  static func keyedDebouncer(_ keys: Int) async throws -> Sample {
    let runs = KeyedRunCount()
    let debouncer = KeyedDebouncer(for: interval) { (_: Int, _: Int) in runs.increment() }
    return try await sendToEachKey(keys, runs: runs) {
      send($0, forKey: $0, to: debouncer)
    } settle: {
      await debouncer.waitUntilIdle()
    }
  }

  static func dictionaryOfDebouncers(_ keys: Int) async throws -> Sample {
    let runs = KeyedRunCount()
    var debouncers: [Int: Debouncer<Int, ContinuousClock>] = [:]
    return try await sendToEachKey(keys, runs: runs) {
      send($0, forKey: $0, to: &debouncers, runs: runs)
    } settle: {
      for debouncer in debouncers.values { await debouncer.waitUntilIdle() }
    }
  }

  @inline(never)
  static func send(
    _ value: Int, forKey key: Int, to debouncer: KeyedDebouncer<Int, Int, ContinuousClock>
  ) {
    debouncer.send(value, forKey: key)
  }

  /// What a user writes: find the key's debouncer, create it on a miss, send.
  @inline(never)
  static func send(
    _ value: Int, forKey key: Int, to debouncers: inout [Int: Debouncer<Int, ContinuousClock>],
    runs: KeyedRunCount
  ) {
    if let debouncer = debouncers[key] {
      debouncer.send(value)
    } else {
      let debouncer = Debouncer(for: interval) { (_: Int) in runs.increment() }
      debouncers[key] = debouncer
      debouncer.send(value)
    }
  }

  static func keyedThrottler(_ keys: Int) async throws -> Sample {
    let runs = KeyedRunCount()
    let throttler = KeyedThrottler(for: interval) { (_: Int, _: Int) in runs.increment() }
    return try await sendToEachKey(keys, runs: runs) {
      send($0, forKey: $0, to: throttler)
    } settle: {
      await throttler.waitUntilIdle()
    }
  }

  static func dictionaryOfThrottlers(_ keys: Int) async throws -> Sample {
    let runs = KeyedRunCount()
    var throttlers: [Int: Throttler<Int, ContinuousClock>] = [:]
    return try await sendToEachKey(keys, runs: runs) {
      send($0, forKey: $0, to: &throttlers, runs: runs)
    } settle: {
      for throttler in throttlers.values { await throttler.waitUntilIdle() }
    }
  }

  @inline(never)
  static func send(
    _ value: Int, forKey key: Int, to throttler: KeyedThrottler<Int, Int, ContinuousClock>
  ) {
    throttler.send(value, forKey: key)
  }

  /// What a user writes: find the key's throttler, create it on a miss, send.
  @inline(never)
  static func send(
    _ value: Int, forKey key: Int, to throttlers: inout [Int: Throttler<Int, ContinuousClock>],
    runs: KeyedRunCount
  ) {
    if let throttler = throttlers[key] {
      throttler.send(value)
    } else {
      let throttler = Throttler(for: interval) { (_: Int) in runs.increment() }
      throttlers[key] = throttler
      throttler.send(value)
    }
  }
}
