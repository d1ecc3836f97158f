/// The bookkeeping of one ``ObservationRegistry``: versions and armed scopes per property.
///
/// A pure state machine guarded by the registry's lock. Every event returns the scopes to fire;
/// the registry fires them after releasing the lock, so no callback ever runs under it.
package struct RegistryState {
  /// One property's (or, for ``object``, the whole object's) change history and watchers.
  package struct Slot {
    /// Bumped by both `willSet` and `didSet`, so a read taken while a write is in flight never
    /// matches the version after it.
    package var version: UInt64 = 0
    /// Writes between `willSet` and `didSet`; their `didSet` will still report.
    package var writesInProgress = 0
    package var beforeStore = ScopeList()
    package var afterStore = ScopeList()
    /// The property, so that a change found while arming can say which it was; `nil` for
    /// ``RegistryState/object``.
    package var keyPath: AnyKeyPath?

    /// Whether a reader that saw `recorded` has missed a change nobody will report any more.
    func hasUnreportedChange(since recorded: UInt64, afterStore: Bool) -> Bool {
      guard version != recorded else { return false }
      // An after-store scope registered now is fired by the pending didSet, after the store.
      return !(afterStore && writesInProgress > 0)
    }

    /// Arms `scope` here; returns whether it was not armed here already.
    mutating func insert(_ scope: TrackingScope) -> Bool {
      if scope.afterStore {
        afterStore.insert(scope)
      } else {
        beforeStore.insert(scope)
      }
    }

    mutating func remove(_ id: ObjectIdentifier) -> TrackingScope? {
      beforeStore.remove(id) ?? afterStore.remove(id)
    }

    mutating func willSet(into fired: inout InlineFirstList<TrackingScope>) {
      version &+= 1
      writesInProgress += 1
      guard !beforeStore.isEmpty else { return }
      beforeStore.removeAll(into: &fired)
    }

    /// Moves every scope armed here, before-store and after-store, into `removed`.
    mutating func removeAllScopes(into removed: inout InlineFirstList<TrackingScope>) {
      if !beforeStore.isEmpty { beforeStore.removeAll(into: &removed) }
      if !afterStore.isEmpty { afterStore.removeAll(into: &removed) }
    }

    mutating func didSet(into fired: inout InlineFirstList<TrackingScope>) {
      version &+= 1
      writesInProgress = max(0, writesInProgress - 1)
      // Before-store scopes still here were armed after this write's willSet (for example by
      // a callback re-arming itself), so they may hold the old value: report them now, with
      // every after-store scope.
      if SeededFault.isSeeded(.lateArrivalLost) {
        if !afterStore.isEmpty { afterStore.removeAll(into: &fired) }
        return
      }
      removeAllScopes(into: &fired)
    }
  }

  /// One slot per property ever read, in order of first read. Slots are never removed, so a
  /// slot's index is stable for the registry's life: scopes and recorders refer to properties
  /// by index, and never hash a key path again after the first lookup.
  package private(set) var slots: [Slot] = []
  /// The slot of each property, for a key-path object not in ``recentKeyPaths``.
  private(set) var slotByKeyPath: [AnyKeyPath: Int] = [:]
  package var object = Slot()
  /// Scope entries in every slot's lists, ``object`` included: a scope armed on three
  /// properties counts three. The registry publishes it so that a write can tell, without
  /// the lock, that nobody is armed.
  package private(set) var armedEntries = 0
  /// Set by ``close()``, once the registry is gone: no slot is left, and nothing can arm.
  package private(set) var isClosed = false

  /// Key-path objects seen lately, with their slot's index (`nil`: no slot yet).
  ///
  /// Hashing an `AnyKeyPath` walks its components and cost more than the rest of a write
  /// (profiled: about half of a write's time, twice per write). A property's accessors pass the
  /// same key-path object every time, so an identity check finds it without hashing. The
  /// entries hold their key paths strongly, so an identity can never be reused by another key
  /// path while cached. Cleared whenever a slot is inserted, because a cached "no slot" may be
  /// out of date.
  private var recentKeyPaths: [(keyPath: AnyKeyPath, index: Int?)] = []
  private var nextRecentVictim = 0
  private static let recentKeyPathLimit = 16

  package init() {}

  /// The index of `keyPath`'s slot, if it has one.
  ///
  /// - Complexity: O(1): a scan of at most ``recentKeyPathLimit`` identities, and a hash only
  ///   for a key-path object not seen lately.
  private mutating func slotIndex(of keyPath: AnyKeyPath) -> Int? {
    for entry in recentKeyPaths where entry.keyPath === keyPath { return entry.index }
    let index = slotByKeyPath[keyPath]
    if recentKeyPaths.count < Self.recentKeyPathLimit {
      recentKeyPaths.append((keyPath, index))
    } else {
      recentKeyPaths[nextRecentVictim] = (keyPath, index)
      nextRecentVictim = (nextRecentVictim + 1) % Self.recentKeyPathLimit
    }
    return index
  }

  /// The index of `keyPath`'s slot, creating the slot if needed.
  private mutating func slotIndexCreating(_ keyPath: AnyKeyPath) -> Int {
    if let index = slotIndex(of: keyPath) { return index }
    let index = slots.count
    slots.append(Slot(keyPath: keyPath))
    slotByKeyPath[keyPath] = index
    recentKeyPaths.removeAll(keepingCapacity: true)
    nextRecentVictim = 0
    return index
  }

  /// The versions a read sees, and the property's slot; creates the slot so that a later write
  /// bumps it.
  package mutating func versionsForRead(of keyPath: AnyKeyPath) -> (
    slot: Int, object: UInt64, property: UInt64
  ) {
    let index = slotIndexCreating(keyPath)
    return (index, object.version, slots[index].version)
  }

  /// A change that a scope being armed missed: it happened after the scope's read, and no
  /// write still in progress will report it.
  package struct UnreportedChange {
    /// The property changed; `nil` for an object-level scope, which records no property.
    package let keyPath: AnyKeyPath?
  }

  /// Arms `scope` for the properties it read, or returns, without arming it, the first of them
  /// that changed since it was read: the caller then fires the scope itself.
  ///
  /// - Complexity: O(`properties.reads.count`).
  package mutating func register(
    _ scope: TrackingScope,
    properties: PropertyReads,
    objectVersion: UInt64
  ) -> UnreportedChange? {
    // A recorder holds its registry until installation ends, so a closed state is never
    // registered with.
    precondition(!isClosed, "Internal inconsistency in Settle: a scope armed on a freed registry")
    if scope.objectLevel {
      if object.hasUnreportedChange(since: objectVersion, afterStore: scope.afterStore),
        !(SeededFault.isSeeded(.rearmAfterCallback) && scope.isContinuous)
      {
        return UnreportedChange(keyPath: nil)
      }
      if object.insert(scope) { armedEntries += 1 }
      return nil
    }
    var changed: Int?
    let missed = properties.contains { read in
      if SeededFault.isSeeded(.rearmAfterCallback), scope.isContinuous { return false }
      guard slots[read.slot].hasUnreportedChange(since: read.version, afterStore: scope.afterStore)
      else { return false }
      changed = read.slot
      return true
    }
    if missed, let changed { return UnreportedChange(keyPath: slots[changed].keyPath) }
    properties.forEachRead { if slots[$0.slot].insert(scope) { armedEntries += 1 } }
    return nil
  }

  /// Disarms a scope; returns what was removed so that it is released outside the lock.
  ///
  /// - Complexity: O(`properties.reads.count`).
  package mutating func unregister(
    _ id: ObjectIdentifier,
    properties: PropertyReads,
    objectLevel: Bool
  ) -> InlineFirstList<TrackingScope> {
    var removed = InlineFirstList<TrackingScope>()
    // Closed: every scope was taken out already, and the slots are gone.
    guard !isClosed else { return removed }
    if objectLevel, let scope = object.remove(id) { removed.append(scope) }
    properties.forEachRead { read in
      if let scope = slots[read.slot].remove(id) { removed.append(scope) }
    }
    armedEntries -= removed.count
    return removed
  }

  /// Takes every scope out of every list and drops the slots, for a registry whose object is
  /// gone; returns the scopes so that they are released outside the lock. Scopes armed on other
  /// objects still hold this state until they finish, so nothing is kept for them: a later
  /// ``unregister(_:properties:objectLevel:)`` finds the state closed and does nothing.
  ///
  /// - Complexity: O(scopes armed + slots).
  package mutating func close() -> InlineFirstList<TrackingScope> {
    var removed = InlineFirstList<TrackingScope>()
    object.removeAllScopes(into: &removed)
    for index in slots.indices { slots[index].removeAllScopes(into: &removed) }
    armedEntries = 0
    isClosed = true
    slots = []
    slotByKeyPath = [:]
    recentKeyPaths = []
    return removed
  }

  /// A write to `keyPath` is about to store: returns the before-store scopes to fire.
  ///
  /// - Complexity: O(scopes fired), independent of scopes armed on other properties.
  package mutating func willSet(_ keyPath: AnyKeyPath) -> InlineFirstList<TrackingScope> {
    var fired = InlineFirstList<TrackingScope>()
    object.willSet(into: &fired)
    // No slot means no scope ever read this property, so no version needs bumping.
    if let index = slotIndex(of: keyPath) {
      slots[index].willSet(into: &fired)
    }
    armedEntries -= fired.count
    return fired
  }

  /// A write to `keyPath` has stored: returns the after-store scopes (and late arrivals) to fire.
  ///
  /// - Complexity: O(scopes fired), independent of scopes armed on other properties.
  package mutating func didSet(_ keyPath: AnyKeyPath) -> InlineFirstList<TrackingScope> {
    var fired = InlineFirstList<TrackingScope>()
    object.didSet(into: &fired)
    if let index = slotIndex(of: keyPath) {
      slots[index].didSet(into: &fired)
    }
    armedEntries -= fired.count
    return fired
  }
}
