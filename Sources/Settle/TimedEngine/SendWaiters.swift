/// The `sendAndWait` callers of the engine (``PacedRuns``), and the outcomes decided for them.
///
/// Each caller waits under an id unique over every group, in the queue of its group (its key;
/// an unkeyed engine has one):
/// a run settles only its own group's callers, so that its cost follows the callers it may
/// cover, not every caller of every key. The engine decides outcomes with
/// ``settle(_:result:_:)`` while it holds its lock, and the caller reads (and removes) its own
/// when it resumes. A group's queue is dropped once nobody waits or is about to in it, so the
/// memory follows the groups with callers.
@usableFromInline
package struct SendWaiters<Waiter: SendWaiting, RunResult: Sendable>: Sendable {
  /// Where a caller's outcome is left: its group, and its id in that group's queue.
  @usableFromInline
  struct Caller: Hashable, Sendable {
    @usableFromInline let group: Waiter.Group
    @usableFromInline let id: UInt64

    @inlinable
    init(group: Waiter.Group, id: UInt64) {
      self.group = group
      self.id = id
    }
  }

  /// The callers still waiting, by group, each with what its outcome depends on.
  @usableFromInline var queues: [Waiter.Group: WaiterQueue<Waiter>] = [:]
  /// Outcomes decided for callers.
  @usableFromInline var outcomes: [Caller: SendSettlement<RunResult>] = [:]
  /// Callers waiting, over every group.
  @usableFromInline var count = 0
  /// Ids handed out so far, over every group: an id is never used twice, even in a group
  /// whose queue was dropped and made again while a caller of the old one had not yet taken
  /// its outcome.
  @usableFromInline var lastID: UInt64 = 0
  /// Tests waiting until at least this many callers wait (`waitForCallers(count:)` in
  /// SettleTesting), woken as callers arrive.
  @usableFromInline var countWaiters = WaiterQueue<Int>()

  @inlinable
  package init() {}

  /// Whether no caller waits.
  @usableFromInline
  package var isEmpty: Bool { count == 0 }

  /// Reserves an id in `group`'s queue before the caller suspends.
  @inlinable
  package mutating func reserve(in group: Waiter.Group) -> UInt64 {
    lastID &+= 1
    queues[group, default: WaiterQueue()].reserve(lastID)
    return lastID
  }

  /// Enqueues the reserved caller `id` of `group`; `false` when it was cancelled meanwhile.
  @inlinable
  mutating func enqueue(
    _ id: UInt64, in group: Waiter.Group, waiter: Waiter,
    continuation: WaiterQueue<Waiter>.Continuation
  ) -> Bool {
    let enqueued =
      queues[group, default: WaiterQueue()].enqueue(
        id, condition: waiter, continuation: continuation)
    if enqueued { count += 1 } else { dropIfUnused(group) }
    return enqueued
  }

  /// Drops the reservation of a caller whose value was not kept, and leaves it `dropped`.
  @inlinable
  package mutating func drop(_ id: UInt64, in group: Waiter.Group) {
    queues[group]?.abandon(id)
    dropIfUnused(group)
    // Unless the send settled the caller itself (see `settleAtOnce(_:in:with:)`).
    let caller = Caller(group: group, id: id)
    if outcomes[caller] == nil {
      outcomes[caller] = SendSettlement(outcome: .dropped, result: nil)
    }
  }

  /// Leaves `settlement` for the reserved caller `id`, whose value's run completed inside its
  /// own send: the caller does not wait, and reads it at once.
  @inlinable
  package mutating func settleAtOnce(
    _ id: UInt64, in group: Waiter.Group, with settlement: SendSettlement<RunResult>
  ) {
    outcomes[Caller(group: group, id: id)] = settlement
  }

  /// A cancelled caller: removes it and returns its continuation, if it had suspended.
  @inlinable
  mutating func cancel(_ id: UInt64, in group: Waiter.Group) -> WaiterQueue<Waiter>.Continuation? {
    let continuation = queues[group]?.cancel(id)
    if continuation != nil { count -= 1 }
    dropIfUnused(group)
    return continuation
  }

  /// The outcome left for a caller, removed; `nil` when it was cancelled.
  @inlinable
  package mutating func takeOutcome(
    of id: UInt64, in group: Waiter.Group
  ) -> SendSettlement<RunResult>? {
    outcomes.removeValue(forKey: Caller(group: group, id: id))
  }

  /// Settles the waiting callers of `group` (of every group, for `nil`) to whom `decide`
  /// gives an outcome, each with `result`: the result of the run that covered them, or `nil`
  /// when no run did. Call with the engine's lock held, and resume what it returns after
  /// releasing it.
  ///
  /// - Complexity: O(the callers waiting in `group`); O(every caller) for `nil`.
  @inlinable
  package mutating func settle(
    _ group: Waiter.Group?, result: RunResult?, _ decide: (Waiter) -> SendOutcome?
  ) -> [WaiterQueue<Waiter>.Continuation] {
    guard count > 0 else { return [] }
    guard let group else {
      return queues.keys.flatMap { settle($0, result: result, decide) }
    }
    guard var queue = queues.removeValue(forKey: group) else { return [] }
    let resumed = queue.removeSatisfied { waiter in
      guard let outcome = decide(waiter) else { return false }
      outcomes[Caller(group: group, id: waiter.id)] = SendSettlement(
        outcome: outcome, result: result)
      return true
    }
    count -= resumed.count
    if !queue.isUnused { queues[group] = queue }
    return resumed
  }

  /// Forgets `group`'s queue once nobody waits or is about to in it.
  @inlinable
  mutating func dropIfUnused(_ group: Waiter.Group) {
    if queues[group]?.isUnused == true { queues[group] = nil }
  }
}

/// What a `sendAndWait` caller waits for, under its waiter id.
@usableFromInline
package protocol SendWaiting: Sendable {
  /// What a run settles callers by: its key, or one group for an unkeyed engine.
  associatedtype Group: Hashable & Sendable
  /// The waiter's id in its group's queue, under which its outcome is left.
  var id: UInt64 { get }
}

/// What a `sendAndWait` caller of the engine waits for: its key's run covering its input number.
/// An unkeyed engine's callers all have the one ``SoleKey``, so they form one group.
@usableFromInline
package struct KeyedSendWaiter<Key: Hashable & Sendable>: SendWaiting {
  /// A keyed engine's callers are grouped by key.
  @usableFromInline package typealias Group = Key

  @usableFromInline package let id: UInt64
  /// The key the caller sent for.
  @usableFromInline let key: Key
  /// The number of the input the caller sent, counted over every key.
  @usableFromInline let input: UInt64

  @inlinable
  init(id: UInt64, key: Key, input: UInt64) {
    self.id = id
    self.key = key
    self.input = input
  }
}

/// An engine's locked state that holds its `sendAndWait` callers, so that
/// ``LockedState/sendAndWait(group:_:)`` reaches them directly: a key path would be built
/// again on every call of the generic code, which costs more than the rest of the call.
@usableFromInline
package protocol HoldsSendWaiters: Sendable {
  associatedtype Waiter: SendWaiting
  associatedtype RunResult: Sendable
  /// The callers waiting for a run, and the outcomes left for them.
  var sendWaiters: SendWaiters<Waiter, RunResult> { get set }
}

extension LockedState where State: HoldsSendWaiters {
  /// Sends with `send` under the lock, then waits for the outcome the engine settles for the
  /// caller, as `sendAndWait` promises: the send happens before the first suspension, a
  /// value `send` did not keep (it returns no waiter) is dropped at once, and a cancelled
  /// caller stops waiting with `CancellationError` while its value stays sent.
  ///
  /// The caller waits in `group`'s queue. `send` is given the caller's id and returns the
  /// tasks to cancel once the lock is released, and what the caller waits for.
  @inlinable
  package func sendAndWait<Superseded: Sequence<Task<Void, Never>>>(
    group: State.Waiter.Group,
    _ send: (inout State, UInt64) -> (superseded: Superseded, waiter: State.Waiter?)
  ) async throws(CancellationError) -> SendSettlement<State.RunResult> {
    let id = withLock { $0.sendWaiters.reserve(in: group) }
    await withTaskCancellationHandler {
      await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
        let (superseded, suspended, counted) = withLock {
          state -> (Superseded, Bool, [WaiterQueue<Int>.Continuation]) in
          let (superseded, waiter) = send(&state, id)
          guard let waiter else {
            state.sendWaiters.drop(id, in: group)
            return (superseded, false, [])
          }
          let suspended = state.sendWaiters.enqueue(
            id, in: group, waiter: waiter, continuation: continuation)
          let callers = state.sendWaiters.count
          let counted = state.sendWaiters.countWaiters.removeSatisfied { $0 <= callers }
          return (superseded, suspended, counted)
        }
        for task in superseded { task.cancel() }
        for test in counted { test.resume() }
        if !suspended { continuation.resume() }
      }
    } onCancel: {
      withLock { $0.sendWaiters.cancel(id, in: group) }?.resume()
    }
    guard let outcome = withLock({ $0.sendWaiters.takeOutcome(of: id, in: group) }) else {
      throw CancellationError()
    }
    return outcome
  }
}
