/// The reads of one ``withTracking`` scope while its `apply` closure runs.
///
/// Confined to the thread running `apply`, so it needs no lock. Each read is recorded with the
/// version the property had at that moment, which lets installation notice a write that landed
/// between the read and the registration.
package final class AccessRecorder {
  /// The reads made on one registry.
  package struct Access {
    package let registry: ObservationRegistry
    /// The registry-wide version at the first read, for object-level scopes.
    package var objectVersion: UInt64
    /// Each property read, by its slot in the registry, with its version at the first read.
    package var properties: PropertyReads
  }

  // Only this class's methods touch these, on one thread, and none calls out while it holds
  // an access, so no two accesses can overlap and the dynamic exclusivity checks could never
  // fire. Unchecked, because each check is a runtime call and they were several per recorded
  // read (about a tenth of a scope over 10 objects × 3 properties).
  /// The first registry's reads, inline: most scopes read one object, and then the recorder
  /// allocates no list (an array of entries cost its allocation, and freeing it destroyed
  /// each entry through generic value witnesses: about 600 instructions of a one-shot scope).
  @exclusivity(unchecked) private var first: Access?
  /// The reads of every registry after the first.
  @exclusivity(unchecked) private var rest: [Access] = []

  /// Where each registry's entry is in ``accesses``, kept only once a scope has read more
  /// registries than a linear scan of identities handles cheaply.
  ///
  /// `Dictionary()`, not `[:]`: the literal is a call that builds an empty dictionary (about 40
  /// instructions, on every scope); the initialiser is the shared empty one.
  @exclusivity(unchecked) private var accessIndex = [ObjectIdentifier: Int]()
  private static let linearScanLimit = 16

  /// The last read recorded: a loop reading one property skips the registry's lock. Held
  /// strongly so neither identity can be reused.
  @exclusivity(unchecked) private var lastRead:
    (registry: ObservationRegistry, keyPath: AnyKeyPath)?

  package init() {}

  deinit {
    // Each entry counted itself into its registry's interest when it was added (see
    // ``RegistryCore/versionsForRead(of:opening:)``); by now the scope is installed,
    // so its armed entries keep writes on the slow path where they need to be.
    first?.registry.core.recorderClosed()
    for access in rest { access.registry.core.recorderClosed() }
  }

  private var count: Int { first == nil ? 0 : 1 + rest.count }

  /// Calls `body` with each registry's reads in the order of first reads, until it returns
  /// `false`; copies no list.
  package func forEachAccess(_ body: (Access) throws -> Bool) rethrows {
    guard let first else { return }
    guard try body(first) else { return }
    for access in rest {
      guard try body(access) else { return }
    }
  }

  /// The reads made on `registry`, if any.
  package func access(for registry: ObservationRegistry) -> Access? {
    guard let index = index(of: registry) else { return nil }
    return index == 0 ? first : rest[index - 1]
  }

  /// Records a read; a property read many times is recorded once, with its first version.
  ///
  /// - Complexity: O(1) amortised; takes the registry's lock unless this exact read was the
  ///   last one recorded.
  package func record(_ registry: ObservationRegistry, keyPath: AnyKeyPath) {
    if let lastRead, lastRead.registry === registry, lastRead.keyPath === keyPath { return }
    lastRead = (registry, keyPath)
    // The registry maps the key path to its slot (by identity first, see RegistryState), so
    // from here on a property is a small integer, never a hashed key path.
    let existing = index(of: registry)
    let read = registry.core.versionsForRead(of: keyPath, opening: existing == nil)
    if let index = existing {
      insert(slot: read.slot, version: read.property, at: index)
    } else {
      append(
        Access(
          registry: registry, objectVersion: read.object,
          properties: PropertyReads(slot: read.slot, version: read.property)))
    }
  }

  /// Adds these reads to `outer`, keeping the outer scope's older versions where both read.
  package func merge(into outer: AccessRecorder) {
    forEachAccess { access in
      guard let index = outer.index(of: access.registry) else {
        // The outer recorder holds the reads past this one's life: it counts itself in too.
        access.registry.core.recorderOpened()
        outer.append(access)
        return true
      }
      access.properties.forEachRead { read in
        outer.insert(slot: read.slot, version: read.version, at: index)
      }
      return true
    }
  }

  private func insert(slot: Int, version: UInt64, at index: Int) {
    if index == 0 {
      first!.properties.insert(slot: slot, version: version)
    } else {
      rest[index - 1].properties.insert(slot: slot, version: version)
    }
  }

  private func index(of registry: ObservationRegistry) -> Int? {
    // Compares through the optional rather than binding `first`: a bound copy of an entry
    // retains and releases everything it holds.
    if first?.registry === registry { return 0 }
    if rest.isEmpty { return nil }
    if rest.count < Self.linearScanLimit {
      return rest.firstIndex { $0.registry === registry }.map { $0 + 1 }
    }
    return accessIndex[ObjectIdentifier(registry)]
  }

  private func append(_ access: Access) {
    if first == nil {
      first = access
    } else {
      rest.append(access)
    }
    let count = self.count
    if count == Self.linearScanLimit + 1 {
      var index = 0
      forEachAccess { access in
        accessIndex[ObjectIdentifier(access.registry)] = index
        index += 1
        return true
      }
    } else if count > Self.linearScanLimit {
      accessIndex[ObjectIdentifier(access.registry)] = count - 1
    }
  }
}
