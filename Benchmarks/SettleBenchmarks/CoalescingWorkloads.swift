import Settle

/// Callers that ask for the same work at once and share one run's result: a
/// `KeyedDebouncing` whose action returns a value, called with `sendAndWaitForResult`, against
/// the in-flight table a user writes without it (an actor holding one `Task` per key, which
/// later callers await). Each caller is a task of its own on both sides, as views asking for
/// an image are, and each side checks that every caller got its key's value and that the
/// callers of a key shared runs: at least one per key, fewer than one per caller.
enum CoalescingWorkloads {
  static let callersPerKey = 10

  /// Times `callers` calls, `callersPerKey` for each key, each in a task of its own; `ask`
  /// returns what the caller got for its key.
  static func callEveryKey(
    _ callers: Int, runs: KeyedRunCount, ask: @escaping @Sendable (Int) async throws -> Int
  ) async throws -> Sample {
    let keys = max(1, callers / callersPerKey)
    // Unstructured tasks, not a task group: a group removes each finished child from a list
    // of the ones left, which costs the side whose callers all finish late the most.
    let sample = try await measure(operations: callers) {
      var tasks: [Task<Bool, any Error>] = []
      tasks.reserveCapacity(callers)
      for caller in 0..<callers {
        let key = caller % keys
        tasks.append(Task { try await ask(key) == key &* 3 })
      }
      for task in tasks where try await !task.value {
        throw BenchmarkFailure("a caller got another key's value")
      }
    }
    let ran = runs.value
    guard ran >= keys, ran < callers else {
      throw BenchmarkFailure(
        "\(ran) runs for \(keys) keys and \(callers) callers: nothing was shared")
    }
    return sample
  }

  static func keyedResults(_ callers: Int) async throws -> Sample {
    let runs = KeyedRunCount()
    let loads = KeyedDebouncing(for: .zero) { (key: Int, _: Void) -> Int in
      runs.increment()
      return key &* 3
    }
    return try await callEveryKey(callers, runs: runs) { key in
      try await loads.sendAndWaitForResult((), forKey: key)
    }
  }

  static func inFlightTable(_ callers: Int) async throws -> Sample {
    let runs = KeyedRunCount()
    let table = InFlightTable { key in
      runs.increment()
      return key &* 3
    }
    return try await callEveryKey(callers, runs: runs) { key in await table.value(for: key) }
  }

  /// What a user writes for single flight: the first caller of a key starts its task, the
  /// ones that come while it runs await the same task, and the task is forgotten once it has
  /// returned.
  actor InFlightTable {
    private var inFlight: [Int: Task<Int, Never>] = [:]
    private let work: @Sendable (Int) -> Int

    init(work: @escaping @Sendable (Int) -> Int) { self.work = work }

    func value(for key: Int) async -> Int {
      if let running = inFlight[key] { return await running.value }
      let work = work
      let task = Task { work(key) }
      inFlight[key] = task
      let value = await task.value
      inFlight[key] = nil
      return value
    }
  }
}
