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

  /// Each property read once, in the order of first reads.
  ///
  /// Builds an array, so tests and diagnostics use it; arming and firing use
  /// ``forEachRead(_:)``, which allocates nothing.
  package var reads: [Read] {
    guard let first else { return [] }
    return [first] + rest
  }
  /// The first read, inline: most scopes read one property per object, and then the read set
  /// allocates nothing.
  private var first: Read?
  private var rest: [Read] = []
  /// Bit `n` set: slot `n` (below 64) is in ``reads``.
  private var lowSlots: UInt64 = 0
  /// Slots from 64 up that are in ``reads``; stays empty, allocating nothing, on objects with
  /// fewer tracked properties.
  private var highSlots: Set<Int> = []

  /// Creates an empty read set.
  package init() {}

  /// Creates the read set of one property.
  package init(slot: Int, version: UInt64) {
    insert(slot: slot, version: version)
  }

  /// Whether exactly one property was read.
  package var isSingleRead: Bool { first != nil && rest.isEmpty }

  /// Whether `slot` was read.
  package func contains(slot: Int) -> Bool {
    slot < 64 ? lowSlots & (1 << UInt64(slot)) != 0 : highSlots.contains(slot)
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
      guard highSlots.insert(slot).inserted else { return false }
    }
    if first == nil {
      first = Read(slot: slot, version: version)
    } else {
      // Room for a few at once: grown from empty one by one, the array was reallocated on
      // the second and third reads of an object.
      if rest.isEmpty { rest.reserveCapacity(4) }
      rest.append(Read(slot: slot, version: version))
    }
    return true
  }

  /// Calls `body` with each read, in the order of first reads, without building an array.
  package func forEachRead(_ body: (Read) throws -> Void) rethrows {
    guard let first else { return }
    try body(first)
    for read in rest { try body(read) }
  }

  /// Whether `body` holds for some read, checked in the order of first reads.
  package func contains(where body: (Read) throws -> Bool) rethrows -> Bool {
    guard let first else { return false }
    if try body(first) { return true }
    return try rest.contains(where: body)
  }
}
