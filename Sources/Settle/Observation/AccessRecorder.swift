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

  /// One entry per registry read, in the order of first reads.
  package var accesses: [Access] { entries }
  // Only this class's methods touch these three, on one thread, and none calls out while it
  // holds an access, so no two accesses can overlap and the dynamic exclusivity checks could
  // never fire. Unchecked, because each check is a runtime call and they were several per
  // recorded read (about a tenth of a scope over 10 objects × 3 properties).
  @exclusivity(unchecked) private var entries: [Access] = []

  /// Where each registry's entry is in ``accesses``, kept only once a scope has read more
  /// registries than a linear scan of identities handles cheaply.
  @exclusivity(unchecked) private var accessIndex: [ObjectIdentifier: Int] = [:]
  private static let linearScanLimit = 16

  /// The last read recorded: a loop reading one property skips the registry's lock. Held
  /// strongly so neither identity can be reused.
  @exclusivity(unchecked) private var lastRead:
    (registry: ObservationRegistry, keyPath: AnyKeyPath)?

  package init() {}

  deinit {
    // Each entry counted itself into its registry's interest when it was added (see
    // ``ObservationRegistry/versionsForRead(of:opening:)``); by now the scope is installed,
    // so its armed entries keep writes on the slow path where they need to be.
    for access in entries { access.registry.recorderClosed() }
  }

  /// The reads made on `registry`, if any.
  package func access(for registry: ObservationRegistry) -> Access? {
    index(of: registry).map { entries[$0] }
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
    let read = registry.versionsForRead(of: keyPath, opening: existing == nil)
    if let index = existing {
      entries[index].properties.insert(slot: read.slot, version: read.property)
    } else {
      append(
        Access(
          registry: registry, objectVersion: read.object,
          properties: PropertyReads(slot: read.slot, version: read.property)))
    }
  }

  /// Adds these reads to `outer`, keeping the outer scope's older versions where both read.
  package func merge(into outer: AccessRecorder) {
    for access in entries {
      guard let index = outer.index(of: access.registry) else {
        // The outer recorder holds the reads past this one's life: it counts itself in too.
        access.registry.recorderOpened()
        outer.append(access)
        continue
      }
      access.properties.forEachRead { read in
        outer.entries[index].properties.insert(slot: read.slot, version: read.version)
      }
    }
  }

  private func index(of registry: ObservationRegistry) -> Int? {
    if entries.count <= Self.linearScanLimit {
      return entries.firstIndex { $0.registry === registry }
    }
    return accessIndex[ObjectIdentifier(registry)]
  }

  private func append(_ access: Access) {
    entries.append(access)
    if entries.count == Self.linearScanLimit + 1 {
      for (index, access) in entries.enumerated() {
        accessIndex[ObjectIdentifier(access.registry)] = index
      }
    } else if entries.count > Self.linearScanLimit {
      accessIndex[ObjectIdentifier(access.registry)] = entries.count - 1
    }
  }
}
