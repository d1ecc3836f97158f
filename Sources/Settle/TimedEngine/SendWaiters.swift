/// The `sendAndWait` callers of an engine, and the outcomes decided for them: written once for
/// ``TimedRuns`` and the keyed engine, whose waiters differ only in what they wait for.
///
/// Each caller waits under an id; the engine decides an outcome with
/// ``settle(result:_:)`` while it holds its lock, and the caller reads (and removes) its own
/// when it resumes.
package struct SendWaiters<Waiter: SendWaiting, RunResult: Sendable>: Sendable {
  /// The callers still waiting, each with what its outcome depends on.
  var queue = WaiterQueue<Waiter>()
  /// Outcomes decided for callers, by waiter id.
  var outcomes: [UInt64: SendSettlement<RunResult>] = [:]
  /// Tests waiting until at least this many callers wait (`waitForCallers(count:)` in
  /// SettleTesting), woken as callers arrive.
  var countWaiters = WaiterQueue<Int>()

  package init() {}

  /// Whether no caller waits.
  package var isEmpty: Bool { queue.isEmpty }

  /// Callers still waiting.
  package var count: Int { queue.count }

  /// Settles the waiting callers to whom `decide` gives an outcome, each with `result`: the
  /// result of the run that covered them, or `nil` when no run did. Call with the engine's
  /// lock held, and resume what it returns after releasing it.
  package mutating func settle(
    result: RunResult?, _ decide: (Waiter) -> SendOutcome?
  ) -> [WaiterQueue<Waiter>.Continuation] {
    guard !queue.isEmpty else { return [] }
    var decided: [UInt64: SendSettlement<RunResult>] = [:]
    let resumed = queue.removeSatisfied { waiter in
      guard let outcome = decide(waiter) else { return false }
      decided[waiter.id] = SendSettlement(outcome: outcome, result: result)
      return true
    }
    outcomes.merge(decided) { _, new in new }
    return resumed
  }
}

/// What a `sendAndWait` caller waits for, under its waiter id.
package protocol SendWaiting: Sendable {
  /// The waiter's id in the engine's queue, under which its outcome is left.
  var id: UInt64 { get }
}

/// What a `sendAndWait` caller of ``TimedRuns`` waits for: the run covering its input number.
package struct SendWaiter: SendWaiting {
  package let id: UInt64
  /// The number of the input the caller sent (see ``Numbered``).
  let input: UInt64
}

/// What a `sendAndWait` caller of the keyed engine waits for: its key's run covering its input.
package struct KeyedSendWaiter<Key: Hashable & Sendable>: SendWaiting {
  package let id: UInt64
  /// The key the caller sent for.
  let key: Key
  /// The number of the input the caller sent, counted over every key.
  let input: UInt64
}

extension LockedState {
  /// Sends with `send` under the lock, then waits for the outcome the engine settles for the
  /// caller, as `sendAndWait` promises: the send happens before the first suspension, a
  /// value `send` did not keep (it returns no waiter) is dropped at once, and a cancelled
  /// caller stops waiting with `CancellationError` while its value stays sent.
  ///
  /// `send` is given the caller's id and returns the tasks to cancel once the lock is
  /// released, and what the caller waits for.
  package func sendAndWait<Waiter, RunResult, Superseded: Sequence<Task<Void, Never>>>(
    in waiters: WritableKeyPath<State, SendWaiters<Waiter, RunResult>> & Sendable,
    _ send: (inout State, UInt64) -> (superseded: Superseded, waiter: Waiter?)
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    let id = withLock { $0[keyPath: waiters].queue.reserve() }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let (superseded, suspended, counted) = withLock {
          state -> (Superseded, Bool, [WaiterQueue<Int>.Continuation]) in
          let (superseded, waiter) = send(&state, id)
          guard let waiter else {
            state[keyPath: waiters].queue.abandon(id)
            state[keyPath: waiters].outcomes[id] = SendSettlement(outcome: .dropped, result: nil)
            return (superseded, false, [])
          }
          let suspended = state[keyPath: waiters].queue.enqueue(
            id, condition: waiter, continuation: continuation)
          let callers = state[keyPath: waiters].count
          let counted = state[keyPath: waiters].countWaiters.removeSatisfied { $0 <= callers }
          return (superseded, suspended, counted)
        }
        for task in superseded { task.cancel() }
        for test in counted { test.resume() }
        if !suspended { continuation.resume() }
      }
    } onCancel: {
      withLock { $0[keyPath: waiters].queue.cancel(id) }?.resume()
    }
    guard let outcome = withLock({ $0[keyPath: waiters].outcomes.removeValue(forKey: id) }) else {
      throw CancellationError()
    }
    return outcome
  }
}
