extension PacedRuns {
  /// Sends with `send` under the lock, then waits for the outcome the engine settles for the
  /// caller, as `sendAndWait` promises: the send happens before the first suspension, a
  /// value `send` did not keep (it returns no waiter) is dropped at once, and a cancelled
  /// caller stops waiting with `CancellationError` while its value stays sent.
  ///
  /// The caller waits in `key`'s queue (see ``SendWaiters``). `send` is given the caller's id and returns the
  /// tasks to cancel once the lock is released, and what the caller waits for.
  @inlinable
  func sendAndWait(
    inQueueOf key: Key,
    _ send: (inout State, UInt64) -> (superseded: [RunTask], waiter: SendWaiter<Key>?)
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    let id = state.withLock { $0.sendWaiters.reserve(in: key) }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let (superseded, suspended, counted) = state.withLock {
          state -> ([RunTask], Bool, [WaiterQueue<Int>.Continuation]) in
          let (superseded, waiter) = send(&state, id)
          guard let waiter else {
            state.sendWaiters.drop(id, in: key)
            return (superseded, false, [])
          }
          let suspended = state.sendWaiters.enqueue(
            id, in: key, waiter: waiter, continuation: continuation)
          let callers = state.sendWaiters.count
          let counted = state.sendWaiters.countWaiters.removeSatisfied { $0 <= callers }
          return (superseded, suspended, counted)
        }
        for task in superseded { task.cancel() }
        for test in counted { test.resume() }
        if !suspended { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.sendWaiters.cancel(id, in: key) }?.resume()
    }
    guard let outcome = state.withLock({ $0.sendWaiters.takeOutcome(of: id, in: key) }) else {
      throw CancellationError()
    }
    return outcome
  }
}
