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
    /// Each property read, with its version at the first read.
    package var keyPaths: [AnyKeyPath: UInt64]
  }

  package private(set) var accesses: [ObjectIdentifier: Access] = [:]

  /// The last read recorded: a loop reading one property skips both hash lookups (hashing an
  /// `AnyKeyPath` walks its components). Held strongly so neither identity can be reused.
  private var lastRead: (registry: ObservationRegistry, keyPath: AnyKeyPath)?

  package init() {}

  /// Records a read; a property read many times is recorded once, with its first version.
  ///
  /// - Complexity: O(1) amortised; the registry's lock is taken on the first read of a property.
  package func record(_ registry: ObservationRegistry, keyPath: AnyKeyPath) {
    if let lastRead, lastRead.registry === registry, lastRead.keyPath === keyPath { return }
    lastRead = (registry, keyPath)
    let id = ObjectIdentifier(registry)
    if accesses[id]?.keyPaths[keyPath] != nil { return }
    let versions = registry.versionsForRead(of: keyPath)
    if accesses[id] == nil {
      accesses[id] = Access(registry: registry, objectVersion: versions.object, keyPaths: [:])
    }
    accesses[id]!.keyPaths[keyPath] = versions.property
  }

  /// Adds these reads to `outer`, keeping the outer scope's older versions where both read.
  package func merge(into outer: AccessRecorder) {
    for (id, access) in accesses {
      guard var existing = outer.accesses[id] else {
        outer.accesses[id] = access
        continue
      }
      existing.keyPaths.merge(access.keyPaths) { older, _ in older }
      outer.accesses[id] = existing
    }
  }
}
