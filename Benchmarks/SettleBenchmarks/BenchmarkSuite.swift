/// Every case of the issue's table, in the order they are printed.
enum BenchmarkSuite {
  static let debouncing = "Debouncing (baseline: one Task per input)"
  static let observation = "Observation (baseline: Apple's Observation)"
  static let operators = "Operators (baseline: the AsyncStream that feeds them)"

  static var all: [BenchmarkCase] { debounceCases + operatorCases + observationCases }

  static var operatorCases: [BenchmarkCase] {
    [
      operatorCase("debounced(for: 10 ms): added above pass-through", feed: .filled) {
        try await OperatorWorkloads.debouncedAdded($0, feed: $1)
      },
      operatorCase("throttled(for: 10 ms, latest): added above pass-through", feed: .filled) {
        try await OperatorWorkloads.throttledAdded($0, feed: $1)
      },
      operatorCase(
        "debounced(for: 10 ms): added, fed by a concurrent producer", feed: .concurrent
      ) {
        try await OperatorWorkloads.debouncedAdded($0, feed: $1)
      },
      operatorCase(
        "throttled(for: 10 ms, latest): added, fed by a concurrent producer", feed: .concurrent
      ) {
        try await OperatorWorkloads.throttledAdded($0, feed: $1)
      },
    ]
  }

  /// One operator row: what `added` measures above a pass-through fed the same way. Only the
  /// filled feed carries the target; the concurrent one is a reference (see
  /// ``OperatorWorkloads/Feed``).
  private static func operatorCase(
    _ name: String, feed: OperatorWorkloads.Feed,
    added: @escaping @Sendable (Int, OperatorWorkloads.Feed) async throws -> Sample
  ) -> BenchmarkCase {
    BenchmarkCase(
      group: operators, name: "\(name), 1,000,000 Ints",
      unit: "ns/element", operations: 1_000_000, quickOperations: 10_000,
      target: feed == .filled
        ? .value(atMost: 200, "≤ 200 ns/element added")
        : .report("reference: scheduler-dependent"),
      settle: { try await added($0, feed) },
      baselineName: "pass-through alone",
      baseline: { try await OperatorWorkloads.passThrough($0, feed: feed) })
  }

  static var debounceCases: [BenchmarkCase] {
    [
      BenchmarkCase(
        group: debouncing, name: "send during a burst of 1,000,000",
        operations: 1_000_000, quickOperations: 10_000,
        target: .ratio(atMost: 0.05),
        settle: { try await DebounceWorkloads.debouncerBurst($0) },
        baselineName: "Task per input",
        baseline: { try await DebounceWorkloads.taskPerInputBurst($0) }),
      BenchmarkCase(
        group: debouncing, name: "send through AnyClock during a burst of 1,000,000",
        operations: 1_000_000, quickOperations: 10_000,
        target: .ratio(atMost: 1.5),
        settle: { try await DebounceWorkloads.erasedClockBurst($0) },
        baselineName: "the same send on ContinuousClock",
        baseline: { try await DebounceWorkloads.concreteClockBurst($0) }),
      BenchmarkCase(
        group: debouncing, name: "send that folds (collect) during a burst of 1,000,000",
        operations: 1_000_000, quickOperations: 10_000,
        target: .ratio(atMost: 2.0),
        settle: { try await DebounceWorkloads.foldingBurst($0) },
        baselineName: "a plain Debouncer's send",
        baseline: { try await DebounceWorkloads.concreteClockBurst($0) }),
      BenchmarkCase(
        group: debouncing, name: "send to a KeyedDebouncer's one key, a burst of 1,000,000",
        operations: 1_000_000, quickOperations: 10_000,
        target: .report("reference: what the keyed table costs one key; see Performance.md"),
        settle: { try await DebounceWorkloads.singleKeyBurst($0) },
        baselineName: "a plain Debouncer's send",
        baseline: { try await DebounceWorkloads.concreteClockBurst($0) }),
      BenchmarkCase(
        group: debouncing, name: "a send for each of 10,000 distinct keys",
        operations: 10_000, quickOperations: 1_000,
        target: .ratio(atMost: 1.0),
        settle: { try await KeyedWorkloads.keyedDebouncer($0) },
        baselineName: "[Key: Debouncer], create on miss",
        baseline: { try await KeyedWorkloads.dictionaryOfDebouncers($0) }),
      BenchmarkCase(
        group: debouncing, name: "sendAndWaitForResult: 10 callers per key, 10,000 callers",
        operations: 10_000, quickOperations: 1_000,
        target: .ratio(atMost: 1.5),
        settle: { try await CoalescingWorkloads.keyedResults($0) },
        baselineName: "actor with a Task per key in flight",
        baseline: { try await CoalescingWorkloads.inFlightTable($0) }),
      BenchmarkCase(
        group: debouncing, name: "RateLimiter.acquire() under the limit, 100,000 in turn",
        operations: 100_000, quickOperations: 1_000,
        target: .ratio(atMost: 2.0),
        settle: { try await RateLimitWorkloads.acquire($0) },
        baselineName: "actor token bucket",
        baseline: { try await RateLimitWorkloads.tokenBucketAcquire($0) }),
      BenchmarkCase(
        group: debouncing,
        name: "KeyedRateLimiter.acquire(forKey:) under the limit, 100,000 over 100 keys",
        operations: 100_000, quickOperations: 1_000,
        target: .ratio(atMost: 3.0),
        settle: { try await RateLimitWorkloads.keyedAcquire($0) },
        baselineName: "actor with a token bucket per key",
        baseline: { try await RateLimitWorkloads.keyedTokenBucketAcquire($0) }),
      BenchmarkCase(
        group: debouncing, name: "RateLimiter queue: send 100,000, each run in order",
        operations: 100_000, quickOperations: 1_000,
        target: .report("a task per run, as every owner; see Performance.md"),
        settle: { try await RateLimitWorkloads.queue($0) },
        baselineName: "AsyncStream drained through a token bucket",
        baseline: { try await RateLimitWorkloads.tokenBucketQueue($0) }),
      BenchmarkCase(
        group: debouncing, name: "a throttled send for each of 10,000 distinct keys",
        operations: 10_000, quickOperations: 1_000,
        target: .ratio(atMost: 1.0),
        settle: { try await KeyedWorkloads.keyedThrottler($0) },
        baselineName: "[Key: Throttler], create on miss",
        baseline: { try await KeyedWorkloads.dictionaryOfThrottlers($0) }),
      BenchmarkCase(
        group: debouncing, name: "floor: clock read + one lock, 1,000,000 times",
        operations: 1_000_000, quickOperations: 10_000,
        target: .report("reference: the least a send can cost"),
        settle: { try DebounceWorkloads.clockAndLockFloor($0) },
        baselineName: "Task per input",
        baseline: { try await DebounceWorkloads.taskPerInputBurst($0) }),
      BenchmarkCase(
        group: debouncing, name: "fire latency after the deadline, p50 of 1,000", unit: "µs",
        operations: 1_000, quickOperations: 20, repetitions: 3,
        target: .value(atMost: 1_000, "p50 ≤ 1 ms"),
        settle: { try await DebounceWorkloads.debouncerLatency(percentile: 0.5, $0) },
        baselineName: "Task per input",
        baseline: { try await DebounceWorkloads.taskPerInputLatency(percentile: 0.5, $0) }),
      BenchmarkCase(
        group: debouncing, name: "fire latency after the deadline, p99 of 1,000", unit: "µs",
        operations: 1_000, quickOperations: 20, repetitions: 3,
        target: .report(),
        settle: { try await DebounceWorkloads.debouncerLatency(percentile: 0.99, $0) },
        baselineName: "Task per input",
        baseline: { try await DebounceWorkloads.taskPerInputLatency(percentile: 0.99, $0) }),
      BenchmarkCase(
        group: debouncing, name: "debounced(for: .zero) throughput, 1,000,000 elements",
        unit: "elements/s", operations: 1_000_000, quickOperations: 10_000,
        target: .report(),
        settle: { try await DebounceWorkloads.debouncedZeroThroughput($0) },
        baselineName: "AsyncStream pass-through",
        baseline: { try await DebounceWorkloads.streamPassThrough($0) }),
    ]
  }

  #if canImport(Observation)
    static var observationCases: [BenchmarkCase] {
      typealias P = PerCallWorkloads
      typealias W = ObservationWorkloads
      // Per call: each read, write and arm is a call to an @inline(never) function, on a
      // model used directly (see PerCallModels.swift).
      var cases = [
        pair(
          "read outside any scope", 10_000_000, 10_000, .ratio(atMost: 1.0),
          settle: { try P.readOutsideScope(SettleModel.self, $0) },
          apple: { try P.readOutsideScope(AppleModel.self, $0) }),
        pair(
          "read inside a tracking scope", 10_000_000, 10_000, .ratio(atMost: 0.5),
          settle: { try P.readInsideScope(SettleModel.self, $0) },
          apple: { try P.readInsideScope(AppleModel.self, $0) }),
        pair(
          "write with no observers", 10_000_000, 10_000,
          .ratio(atMost: 1.0, "ratio ≤ 1.0 (aim 0.5)"),
          settle: { try P.writeUnobserved(SettleModel.self, $0) },
          apple: { try P.writeUnobserved(AppleModel.self, $0) }),
      ]
      for scopes in [1, 100, 10_000] {
        cases.append(
          pair(
            "write with \(scopes.formatted) \(scopes == 1 ? "scope" : "scopes") armed on another property",
            1_000_000,
            10_000, .ratio(atMost: 0.5),
            settle: { try P.writeWithScopesElsewhere(SettleModel.self, scopes: scopes, $0) },
            apple: { try P.writeWithScopesElsewhere(AppleModel.self, scopes: scopes, $0) }))
      }
      cases.append(
        BenchmarkCase(
          group: observation, name: "flatness: write with 10,000 vs 1 scope elsewhere",
          operations: 1_000_000, quickOperations: 10_000,
          target: .ratio(atMost: 1.5, "10,000 within 1.5× of 1"),
          settle: { try P.writeWithScopesElsewhere(SettleModel.self, scopes: 10_000, $0) },
          baselineName: "Settle, 1 scope",
          baseline: { try P.writeWithScopesElsewhere(SettleModel.self, scopes: 1, $0) }))
      cases += [
        pair(
          "arm a one-shot scope and fire it", 200_000, 2_000, .ratio(atMost: 0.5),
          settle: { try P.armAndFire(SettleModel.self, $0) },
          apple: { try P.armAndFire(AppleModel.self, $0) }),
        pair(
          "one scope over 10 objects × 3 properties, arm and fire", 50_000, 1_000,
          .ratio(atMost: 0.5),
          settle: { try P.armAndFireWide(SettleModel.self, $0) },
          apple: { try P.armAndFireWide(AppleModel.self, $0) }),
        BenchmarkCase(
          group: observation,
          name: "continuous tracking round trip (write, call, re-arm)",
          operations: 200_000, quickOperations: 2_000,
          target: .ratio(atMost: 1.0, "not slower than re-arming by hand"),
          settle: { try ContinuousWorkloads.continuousRoundTrip($0) },
          baselineName: "one-shot re-armed by hand",
          baseline: { try ContinuousWorkloads.handRearmRoundTrip($0) }),
      ]
      // Resident size comes from /proc; elsewhere (macOS) the case is left out, not failed.
      if ResidentMemory.bytes != nil {
        cases.append(
          BenchmarkCase(
            group: observation, name: "memory per armed scope, 100,000 scopes (resident)",
            unit: "bytes", operations: 100_000, quickOperations: 1_000, repetitions: 3,
            target: .ratio(atMost: 0.5),
            settle: { try ResidentMemory.probe(side: "settle", scopes: $0) },
            baselineName: "@Observable",
            baseline: { try ResidentMemory.probe(side: "apple", scopes: $0) }))
      }
      var observations: BenchmarkCase.Workload?
      if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
        observations = { try await ValueStreamWorkloads.observations($0) }
      }
      cases.append(
        BenchmarkCase(
          group: observation, name: "TrackedValues write-then-next round trip",
          operations: 100_000, quickOperations: 1_000,
          target: .ratio(atMost: 1.0),
          settle: { try await ValueStreamWorkloads.trackedValues($0) },
          baselineName: "Observations",
          baseline: observations,
          note: observations == nil ? "Observations needs macOS 26 / iOS 26" : nil))
      #if canImport(Observation)
        // The same round trip over an `@Observable` model: SettleObservation's sequence
        // against Apple's, on the model type users write.
        cases.append(
          BenchmarkCase(
            group: observation, name: "ObservedValues (@Observable) write-then-next round trip",
            operations: 100_000, quickOperations: 1_000,
            target: .ratio(atMost: 1.0),
            settle: { try await ValueStreamWorkloads.observedValues($0) },
            baselineName: "Observations",
            baseline: observations,
            note: observations == nil ? "Observations needs macOS 26 / iOS 26" : nil))
      #endif
      cases += [
        pair(
          "tight loop: append 1,000,000 elements to a tracked array", 1_000_000, 10_000,
          .ratio(atMost: 1.0),
          settle: { try W.appendToArray(SettleCounter.self, $0) },
          apple: { try W.appendToArray(AppleCounter.self, $0) }),
        BenchmarkCase(
          group: observation,
          name: "tight loop, linearity: append per element, 1,000,000 vs 100,000",
          operations: 1_000_000, quickOperations: 10_000,
          target: .ratio(atMost: 1.5, "linear: within 1.5×"),
          settle: { try W.appendToArray(SettleCounter.self, $0) },
          baselineName: "Settle, 100,000",
          baseline: { try W.appendToArray(SettleCounter.self, max($0 / 10, 1)) }),
      ]
      return cases
    }

    /// A case run on ``SettleCounter`` and on `@Observable`'s ``AppleCounter``.
    ///
    /// Two closures naming concrete types rather than one taking `any CounterModel.Type`: an
    /// existential metatype would run unspecialised generic code on both sides.
    private static func pair(
      _ name: String,
      _ operations: Int,
      _ quickOperations: Int,
      _ target: Target,
      settle: @escaping @Sendable (Int) throws -> Sample,
      apple: @escaping @Sendable (Int) throws -> Sample
    ) -> BenchmarkCase {
      BenchmarkCase(
        group: observation, name: name,
        operations: operations, quickOperations: quickOperations,
        target: target,
        settle: { try settle($0) },
        baselineName: "@Observable",
        baseline: { try apple($0) })
    }
  #else
    static var observationCases: [BenchmarkCase] { [] }
  #endif
}

extension Int {
  /// The number with thousands separators, as the issue's table spells it.
  fileprivate var formatted: String {
    let digits = Array(String(self))
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return result
  }
}
