/// The properties one tracking scope read on one registry: each property's slot in that
/// registry, with the version it had at the first read.
///
/// Slots are small dense integers (see ``RegistryState``), so a repeat read is found with a bit
/// test instead of hashing an `AnyKeyPath` (which walks its components).
package struct PropertyReads: Sendable {
  /// One property read.
  package struct Read: Sendable, Equatable {
    /// The property's index in ``RegistryState/slots``.
    package let slot: Int
    /// The property's version at the first read.
    package let version: UInt64
  }

  /// The first read, inline: most scopes read one property per object, and then the read set
  /// allocates nothing and holds no reference, so copying it (into a registration, a scope)
  /// retains nothing.
  private var first: Read?
  /// Bit `n` set: slot `n` (below 64) is in ``reads``.
  private var lowSlots: UInt64 = 0
  /// The reads after the first, and the slots from 64 up, in one box: `nil` until a second
  /// read or a slot from 64 up.
  ///
  /// `nonisolated(unsafe)` because a `ManagedBuffer` is never `Sendable`; sharing one is safe
  /// here since a box is copied before any change while shared (see ``Overflow``), so every
  /// box another thread can see is immutable.
  nonisolated(unsafe) private var more: Overflow?

  /// The box, created or copied if shared, so that it may be changed in place.
  private mutating func uniqueOverflow() -> Overflow {
    // Checked on the stored reference before anything else holds the box: a local copy
    // would be a second reference, and every change would copy.
    if more == nil {
      more = Overflow.make(capacity: 4)
    } else if !isKnownUniquelyReferenced(&more) {
      more = Overflow.make(capacity: more!.header.capacity, copying: more!)
    }
    return more!
  }

  /// Creates an empty read set.
  package init() {}

  /// Creates the read set of one property.
  package init(slot: Int, version: UInt64) {
    insert(slot: slot, version: version)
  }

  /// Whether exactly one property was read.
  package var isSingleRead: Bool { first != nil && (more?.count ?? 0) == 0 }

  /// Whether `slot` was read.
  package func contains(slot: Int) -> Bool {
    slot < 64
      ? lowSlots & (1 << UInt64(slot)) != 0 : more?.header.highSlots.contains(slot) ?? false
  }

  /// Records a read of `slot`, unless it was read already: the first read's version is kept,
  /// because a change after it is one the scope has not seen.
  ///
  /// - Returns: Whether the read was new.
  /// - Complexity: O(1) amortised.
  @discardableResult
  package mutating func insert(slot: Int, version: UInt64) -> Bool {
    precondition(slot >= 0, "a registry slot index is never negative")
    if slot < 64 {
      let bit: UInt64 = 1 << UInt64(slot)
      guard lowSlots & bit == 0 else { return false }
      lowSlots |= bit
    } else {
      guard uniqueOverflow().header.highSlots.insert(slot).inserted else { return false }
    }
    if first == nil {
      first = Read(slot: slot, version: version)
    } else {
      more = uniqueOverflow().appending(Read(slot: slot, version: version))
    }
    return true
  }

  /// Calls `body` with each read, in the order of first reads, without building an array.
  package func forEachRead(_ body: (Read) throws -> Void) rethrows {
    guard let first else { return }
    try body(first)
    guard let more else { return }
    for index in 0..<more.count { try body(more.read(at: index)) }
  }

  /// Whether `body` holds for some read, checked in the order of first reads.
  package func contains(where body: (Read) throws -> Bool) rethrows -> Bool {
    guard let first else { return false }
    if try body(first) { return true }
    guard let more else { return false }
    for index in 0..<more.count where try body(more.read(at: index)) { return true }
    return false
  }
}
