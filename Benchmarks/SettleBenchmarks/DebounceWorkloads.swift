import Settle

/// The debouncing workloads and their hand-written baseline, one `Task` per input.
enum DebounceWorkloads {
  /// Quiet period for the burst cases. Short, so the check (the last value ran) costs little;
  /// an early fire during a stalled burst would not change that outcome.
  static let burstInterval = Duration.milliseconds(20)

  static func debouncerBurst(_ sends: Int) async throws -> Sample {
    let runs = RunLog()
    let debouncer = Debouncer(for: burstInterval) { (value: Int) in runs.record(value) }
    let sample = measure(operations: sends) {
      for value in 0..<sends { debouncer.send(value) }
    }
    await debouncer.waitUntilIdle()
    try runs.checkLast(sends - 1)
    return sample
  }

  /// A burst sent to a debouncer whose clock is an `AnyClock`, as a testable model holds it;
  /// each send is a call of its own, as an app makes it.
  static func erasedClockBurst(_ sends: Int) async throws -> Sample {
    let runs = RunLog()
    let debouncer = Debouncer(for: burstInterval, clock: AnyClock(ContinuousClock())) {
      (value: Int) in runs.record(value)
    }
    let sample = measure(operations: sends) {
      for value in 0..<sends { send(value, to: debouncer) }
    }
    await debouncer.waitUntilIdle()
    try runs.checkLast(sends - 1)
    return sample
  }

  /// The same burst on the concrete clock, the way a model without tests would hold it.
  static func concreteClockBurst(_ sends: Int) async throws -> Sample {
    let runs = RunLog()
    let debouncer = Debouncer(for: burstInterval) { (value: Int) in runs.record(value) }
    let sample = measure(operations: sends) {
      for value in 0..<sends { send(value, to: debouncer) }
    }
    await debouncer.waitUntilIdle()
    try runs.checkLast(sends - 1)
    return sample
  }

  /// A burst collected by a folding debouncer: each send appends to the accumulation the
  /// next run receives, in place. A fold that copied the accumulation per send would make
  /// this burst quadratic, and the row would show it at once.
  static func foldingBurst(_ sends: Int) async throws -> Sample {
    let runs = RunLog()
    let debouncer = FoldingDebouncer(for: burstInterval, folding: .collect) { (values: [Int]) in
      runs.record(values.count)
    }
    let sample = measure(operations: sends) {
      for value in 0..<sends { send(value, to: debouncer) }
    }
    await debouncer.waitUntilIdle()
    try runs.checkSum(sends)
    return sample
  }

  /// The same burst on a `KeyedDebouncer` used with one key: what an unkeyed owner would pay
  /// if it were the single-key case of today's keyed engine (see Performance.md).
  static func singleKeyBurst(_ sends: Int) async throws -> Sample {
    let runs = RunLog()
    let debouncer = KeyedDebouncer(for: burstInterval) { (_: Int, value: Int) in
      runs.record(value)
    }
    let sample = measure(operations: sends) {
      for value in 0..<sends { send(value, toTheOneKeyOf: debouncer) }
    }
    await debouncer.waitUntilIdle()
    try runs.checkLast(sends - 1)
    return sample
  }

  @inline(never)
  static func send(
    _ value: Int, toTheOneKeyOf debouncer: KeyedDebouncer<Int, Int, ContinuousClock>
  ) {
    debouncer.send(value, forKey: 0)
  }

  @inline(never)
  static func send(_ value: Int, to debouncer: FoldingDebouncer<Int, [Int], ContinuousClock>) {
    debouncer.send(value)
  }

  @inline(never)
  static func send(_ value: Int, to debouncer: Debouncer<Int, AnyClock<Duration>>) {
    debouncer.send(value)
  }

  @inline(never)
  static func send(_ value: Int, to debouncer: Debouncer<Int, ContinuousClock>) {
    debouncer.send(value)
  }

  static func taskPerInputBurst(_ sends: Int) async throws -> Sample {
    let runs = RunLog()
    var pending: Task<Void, Never>?
    let sample = measure(operations: sends) {
      for value in 0..<sends {
        pending?.cancel()
        pending = Task {
          do { try await Task.sleep(for: burstInterval) } catch { return }
          runs.record(value)
        }
      }
    }
    await pending?.value
    try runs.checkLast(sends - 1)
    return sample
  }

  /// What any send must do even fully specialised: read the clock (for the quiet deadline)
  /// and take the lock. The ratio of this row to the baseline is the floor for the send target.
  static func clockAndLockFloor(_ sends: Int) throws -> Sample {
    let clock = ContinuousClock()
    let state = BenchmarkLock((count: 0, last: clock.now))
    let sample = measure(operations: sends) {
      for _ in 0..<sends {
        let now = clock.now
        state.withLock {
          $0.count += 1
          $0.last = now
        }
      }
    }
    try BenchmarkFailure.check("sends recorded", state.withLock { $0.count }, equals: sends)
    return sample
  }

  /// Microseconds from a value's deadline to the start of its action, at `percentile`, over
  /// `fires` separate bursts of one value each.
  static func debouncerLatency(percentile: Double, _ fires: Int) async throws -> Sample {
    let interval = Duration.milliseconds(1)
    let (starts, continuation) = AsyncStream.makeStream(of: Duration.self)
    let debouncer = Debouncer(for: interval) { (deadline: ContinuousClock.Instant) in
      continuation.yield(.now - deadline)
    }
    var iterator = starts.makeAsyncIterator()
    var latencies: [Duration] = []
    for _ in 0..<fires {
      debouncer.send(.now + interval)
      guard let latency = await iterator.next() else { break }
      latencies.append(latency)
    }
    return try percentileSample(latencies, percentile, fires: fires)
  }

  static func taskPerInputLatency(percentile: Double, _ fires: Int) async throws -> Sample {
    let interval = Duration.milliseconds(1)
    let (starts, continuation) = AsyncStream.makeStream(of: Duration.self)
    var iterator = starts.makeAsyncIterator()
    var pending: Task<Void, Never>?
    var latencies: [Duration] = []
    for _ in 0..<fires {
      let deadline = ContinuousClock.now + interval
      pending?.cancel()
      pending = Task {
        do { try await Task.sleep(until: deadline) } catch { return }
        continuation.yield(.now - deadline)
      }
      guard let latency = await iterator.next() else { break }
      latencies.append(latency)
    }
    return try percentileSample(latencies, percentile, fires: fires)
  }

  private static func percentileSample(
    _ latencies: [Duration], _ percentile: Double, fires: Int
  ) throws -> Sample {
    try BenchmarkFailure.check("fires observed", latencies.count, equals: fires)
    if let early = latencies.first(where: { $0 < .zero }) {
      throw BenchmarkFailure("an action started \(early) before its deadline")
    }
    let sorted = latencies.sorted()
    let index = min(sorted.count - 1, Int((Double(sorted.count) * percentile).rounded(.up)) - 1)
    let (seconds, attoseconds) = sorted[max(index, 0)].components
    return .value(Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
  }

  /// Elements per second through `debounced(for: .zero)` fed by the same `AsyncStream` as
  /// ``streamPassThrough(_:)``. Each element is due as it arrives, and the consumer gets the
  /// newest of those that settled while it was busy (`.newest`), so the count emitted varies;
  /// what must hold is that the output is in order and ends with the last element.
  static func debouncedZeroThroughput(_ elements: Int) async throws -> Sample {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task {
      for element in 0..<elements { continuation.yield(element) }
      continuation.finish()
    }
    var emitted = 0
    var last = -1
    var outOfOrder = 0
    let sample = await measure(operations: elements) {
      for await element in stream.debounced(for: .zero) {
        emitted += 1
        if element <= last { outOfOrder += 1 }
        last = element
      }
    }
    await producer.value
    try BenchmarkFailure.check("elements emitted out of order", outOfOrder, equals: 0)
    try BenchmarkFailure.check("last element", last, equals: elements - 1)
    blackHole(emitted)
    return .value(1e9 / sample.reported)
  }

  /// Elements per second through a plain `AsyncStream`, the reference for the
  /// `debounced(for: .zero)` operator.
  static func streamPassThrough(_ elements: Int) async throws -> Sample {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task {
      for element in 0..<elements { continuation.yield(element) }
      continuation.finish()
    }
    var count = 0
    var last = -1
    let sample = await measure(operations: elements) {
      for await element in stream {
        count += 1
        last = element
      }
    }
    await producer.value
    try BenchmarkFailure.check("elements received", count, equals: elements)
    try BenchmarkFailure.check("last element", last, equals: elements - 1)
    return .value(1e9 / sample.reported)
  }
}
