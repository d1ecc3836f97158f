/// A ``RunTable`` whose keys' machines can say whether a value would be dispatched at once
/// (``DispatchesAtOnce``): the tables of the rate limiters, keyed or not.
@usableFromInline
package protocol PlacesAtOnce: RunTable {
  /// Whether a value of `key` sent at `now` would be dispatched at once; a key the table holds
  /// nothing of asks a fresh machine.
  func dispatchesAtOnce(forKey key: Key, at now: Instant) -> Bool
}

extension SoleKeyMachine: PlacesAtOnce where Machine: DispatchesAtOnce {
  @inlinable
  package func dispatchesAtOnce(forKey key: SoleKey, at now: Instant) -> Bool {
    machine.dispatchesAtOnce(at: now)
  }
}

extension KeyedStateMachine: PlacesAtOnce
where Machine: DispatchesAtOnce, Machine.Input: NumberedPayload, Machine.Value: NumberedPayload {
  @inlinable
  package func dispatchesAtOnce(forKey key: Key, at now: Instant) -> Bool {
    guard !isShutDown else { return false }
    return (keys[key]?.machine ?? fresh).dispatchesAtOnce(at: now)
  }
}
