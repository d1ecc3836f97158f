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
package struct SendWaiters<Key: Hashable & Sendable, RunResult: Sendable>: Sendable {
  @usableFromInline
  package typealias Waiter = SendWaiter<Key>
  /// Where a caller's outcome is left: its group, and its id in that group's queue.
  @usableFromInline
  struct Caller: Hashable, Sendable {
    @usableFromInline let group: Key
    @usableFromInline let id: UInt64

    @inlinable
    init(group: Key, id: UInt64) {
      self.group = group
      self.id = id
    }
  }

  /// The callers still waiting, by group, each with what its outcome depends on.
  @usableFromInline var queues: [Key: WaiterQueue<Waiter>] = [:]
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
  package mutating func reserve(in group: Key) -> UInt64 {
    lastID &+= 1
    queues[group, default: WaiterQueue()].reserve(lastID)
    return lastID
  }

  /// Enqueues the reserved caller `id` of `group`; `false` when it was cancelled meanwhile.
  @inlinable
  mutating func enqueue(
    _ id: UInt64, in group: Key, waiter: Waiter,
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
  package mutating func drop(_ id: UInt64, in group: Key) {
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
    _ id: UInt64, in group: Key, with settlement: SendSettlement<RunResult>
  ) {
    outcomes[Caller(group: group, id: id)] = settlement
  }

  /// A cancelled caller: removes it and returns its continuation, if it had suspended.
  @inlinable
  mutating func cancel(_ id: UInt64, in group: Key) -> WaiterQueue<Waiter>.Continuation? {
    let continuation = queues[group]?.cancel(id)
    if continuation != nil { count -= 1 }
    dropIfUnused(group)
    return continuation
  }

  /// The outcome left for a caller, removed; `nil` when it was cancelled.
  @inlinable
  package mutating func takeOutcome(
    of id: UInt64, in group: Key
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
    _ group: Key?, result: RunResult?, _ decide: (Waiter) -> SendOutcome?
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
  mutating func dropIfUnused(_ group: Key) {
    if queues[group]?.isUnused == true { queues[group] = nil }
  }
}

/// What a `sendAndWait` caller of the engine waits for: its key's run covering its input number.
/// Callers are grouped by key; an unkeyed engine's all have the one ``SoleKey``.
@usableFromInline
package struct SendWaiter<Key: Hashable & Sendable>: Sendable {
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
