/// Tasks suspended until a condition on some lock-protected state holds.
///
/// Lives inside the owner's `LockedState`, so the check and the enqueue happen under one lock
/// and no wake-up is lost. The cancellation rule, for every `waitUntilIdle()` in Settle: a
/// cancelled waiter returns at once, whether it was suspended already or still about to
/// (``WaiterReservations`` remembers a cancellation in that gap); it does not wait for the
/// condition.
@usableFromInline
package struct WaiterQueue<Condition>: @unchecked Sendable {
  @usableFromInline package typealias Continuation = UnsafeContinuation<Void, Never>

  @usableFromInline
  struct Waiter {
    @usableFromInline let id: UInt64
    @usableFromInline let condition: Condition
    @usableFromInline let continuation: Continuation

    @inlinable
    init(id: UInt64, condition: Condition, continuation: Continuation) {
      self.id = id
      self.condition = condition
      self.continuation = continuation
    }
  }

  @usableFromInline var reservations = WaiterReservations()
  @usableFromInline var waiters: [Waiter] = []

  /// Creates an empty queue.
  @inlinable
  package init() {}

  /// Whether any task is suspended.
  @inlinable
  package var isEmpty: Bool { waiters.isEmpty }

  /// How many tasks are suspended.
  @inlinable
  package var count: Int { waiters.count }

  /// Whether no task is suspended and none is about to be: the queue holds nothing.
  @inlinable
  package var isUnused: Bool { waiters.isEmpty && reservations.isEmpty }

  /// Reserves an id before suspending, so a cancellation can find the waiter.
  @inlinable
  package mutating func reserve() -> UInt64 {
    reservations.reserve()
  }

  /// Reserves `id`, taken from a wider space than this queue's own ids, which no other
  /// waiter of this queue holds.
  @inlinable
  package mutating func reserve(_ id: UInt64) {
    reservations.reserve(id)
  }

  /// Enqueues a reserved waiter; returns `false` when it was cancelled meanwhile and must be
  /// resumed by the caller, outside the lock.
  @inlinable
  package mutating func enqueue(
    _ id: UInt64, condition: Condition, continuation: Continuation
  ) -> Bool {
    guard reservations.end(id) else { return false }
    waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
    return true
  }

  /// Drops a reservation that will not be enqueued (the condition held after all).
  @inlinable
  package mutating func abandon(_ id: UInt64) {
    reservations.end(id)
  }

  /// Removes a cancelled waiter and returns its continuation, to resume outside the lock.
  @inlinable
  package mutating func cancel(_ id: UInt64) -> Continuation? {
    if let index = waiters.firstIndex(where: { $0.id == id }) {
      return waiters.remove(at: index).continuation
    }
    reservations.cancelBeforeSuspending(id)
    return nil
  }

  /// Removes the waiters whose condition now holds and returns their continuations, in the
  /// order they arrived, to resume outside the lock.
  @inlinable
  package mutating func removeSatisfied(_ isSatisfied: (Condition) -> Bool) -> [Continuation] {
    guard waiters.contains(where: { isSatisfied($0.condition) }) else { return [] }
    var resumed: [Continuation] = []
    waiters.removeAll { waiter in
      guard isSatisfied(waiter.condition) else { return false }
      resumed.append(waiter.continuation)
      return true
    }
    return resumed
  }
}

extension LockedState {
  /// Suspends until `isSatisfied` holds for the state, checked now and whenever the owner
  /// calls `removeSatisfied` on the queue; returns early when the task is cancelled.
  package func wait<Condition>(
    in queue: WritableKeyPath<State, WaiterQueue<Condition>> & Sendable,
    for condition: Condition,
    until isSatisfied: (State) -> Bool
  ) async {
    let id = withLock { state -> UInt64? in
      isSatisfied(state) ? nil : state[keyPath: queue].reserve()
    }
    guard let id else { return }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let suspended = withLock { state -> Bool in
          if isSatisfied(state) {
            state[keyPath: queue].abandon(id)
            return false
          }
          return state[keyPath: queue].enqueue(id, condition: condition, continuation: continuation)
        }
        if !suspended { continuation.resume() }
      }
    } onCancel: {
      withLock { $0[keyPath: queue].cancel(id) }?.resume()
    }
  }
}
