/// The scopes armed on one slot of a ``RegistryState``.
///
/// An ``InlineFirstList``, so that firing hands the whole list to the writer without copying
/// it, and a slot watched by one scope hashes and allocates nothing; past ``linearLimit``
/// scopes it also keeps each scope's position, so removing one (when a scope that watched
/// several properties fires) stays O(1) however many scopes watch the slot.
package struct ScopeList {
  /// The armed scopes, in no particular order.
  package private(set) var scopes = InlineFirstList<TrackingScope>()
  /// Each scope's index in ``scopes``; kept exactly while there are more than ``linearLimit``.
  /// Emptied with `Dictionary()`, not `[:]`: the literal is a call that builds an empty
  /// dictionary, and firing empties the list on every write that fires.
  private var positions = [ObjectIdentifier: Int]()
  package static let linearLimit = 8

  package init() {}

  package var isEmpty: Bool { scopes.isEmpty }

  /// Adds `scope` unless it is already armed here; returns whether it was added.
  ///
  /// - Complexity: O(1) amortised.
  @discardableResult
  package mutating func insert(_ scope: TrackingScope) -> Bool {
    if scopes.count <= Self.linearLimit {
      if scopes.firstIndex(where: { $0 === scope }) != nil { return false }
      scopes.append(scope)
      if scopes.count > Self.linearLimit {
        for index in 0..<scopes.count { positions[ObjectIdentifier(scopes[index])] = index }
      }
    } else {
      let id = ObjectIdentifier(scope)
      guard positions[id] == nil else { return false }
      positions[id] = scopes.count
      scopes.append(scope)
    }
    return true
  }

  /// Removes the scope with identity `id`, if armed here, and returns it.
  ///
  /// - Complexity: O(1).
  package mutating func remove(_ id: ObjectIdentifier) -> TrackingScope? {
    let index: Int
    if scopes.count > Self.linearLimit {
      guard let position = positions.removeValue(forKey: id) else { return nil }
      index = position
    } else {
      guard let position = scopes.firstIndex(where: { ObjectIdentifier($0) == id }) else {
        return nil
      }
      index = position
    }
    // Swap-remove: the last scope takes the freed index.
    let removed = scopes[index]
    let last = scopes.removeLast()
    if index < scopes.count {
      scopes[index] = last
      if scopes.count > Self.linearLimit { positions[ObjectIdentifier(last)] = index }
    }
    if scopes.count == Self.linearLimit { positions = Dictionary() }
    return removed
  }

  /// Moves every scope into `fired` and leaves the list empty.
  ///
  /// - Complexity: O(1) when `fired` is empty (the list itself moves), otherwise O(count).
  package mutating func removeAll(into fired: inout InlineFirstList<TrackingScope>) {
    if fired.isEmpty {
      swap(&fired, &scopes)
    } else {
      fired.append(contentsOf: scopes)
    }
    scopes.removeAll()
    if !positions.isEmpty { positions = Dictionary() }
  }
}
