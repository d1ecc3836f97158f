/// The ids of waiters between taking an id and suspending, and which of them were cancelled
/// in that gap.
///
/// A task registers its cancellation handler before its continuation exists; a cancellation
/// that lands in between finds nothing to resume. Remembering it here lets the suspension
/// resume at once instead of waiting for ever. ``WaiterQueue`` and `ManualClock`'s sleepers
/// share this rule, each under its owner's lock.
@usableFromInline
package struct WaiterReservations: Sendable {
  @usableFromInline var nextID: UInt64 = 0
  @usableFromInline var reserved: Set<UInt64> = []
  @usableFromInline var cancelledEarly: Set<UInt64> = []

  @inlinable
  package init() {}

  /// Whether no id is reserved and no early cancellation is remembered.
  @inlinable
  package var isEmpty: Bool { reserved.isEmpty && cancelledEarly.isEmpty }

  /// Takes a fresh id for a waiter about to suspend, so a cancellation can find it.
  /// Reserves `id`, which the caller guarantees no other waiter of this queue holds: for a
  /// queue whose ids come from a wider space than its own (``SendWaiters``' groups).
  @inlinable
  package mutating func reserve(_ id: UInt64) {
    reserved.insert(id)
  }

  @inlinable
  package mutating func reserve() -> UInt64 {
    nextID &+= 1
    reserved.insert(nextID)
    return nextID
  }

  /// Ends the reservation, as the waiter suspends or gives up suspending; returns `false`
  /// when it was cancelled in the gap and must be resumed at once.
  @inlinable @discardableResult
  package mutating func end(_ id: UInt64) -> Bool {
    reserved.remove(id)
    return cancelledEarly.remove(id) == nil
  }

  /// Records a cancellation that found no suspended waiter `id`: if `id` is still reserving,
  /// its suspension will see it (see ``end(_:)``).
  @inlinable
  package mutating func cancelBeforeSuspending(_ id: UInt64) {
    if reserved.contains(id) { cancelledEarly.insert(id) }
  }
}
