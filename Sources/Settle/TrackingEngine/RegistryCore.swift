/// The part of an ``ObservationRegistry`` that outlives it while scopes need it: the
/// bookkeeping, its lock, and the count of interest.
///
/// A scope must reach every registry it registered with, to remove itself when it fires, but
/// must not keep the observed object alive. A weak reference to the registry would do that, but
/// a weak reference gives the registry a side table, and from then on every retain and release
/// of the registry (several per read, write and scope) takes the runtime's slow path: profiled
/// at about a sixth of the instructions of arming and firing a scope. So scopes hold this core
/// strongly instead, and the registry closes it when the registry is freed, which releases
/// every scope armed there as freeing the registry's own storage used to.
///
/// Thread safety: every method may be called from any thread; ``state`` is only touched under
/// its lock, and no callback runs while it is held.
@usableFromInline
package final class RegistryCore: Sendable {
  let state = LockedState(RegistryState())
  /// Scope entries armed in any slot plus access recorders holding a read of this registry;
  /// zero means a write has nobody to call and no read version to invalidate.
  ///
  /// Read without the lock, so that a write to an object nobody observes costs one load. Why
  /// a lock-free check is enough: a recorder counts itself in before it reads any version
  /// (under the lock), and the class's own thread rules order that read before any write it
  /// could miss, so such a write sees the count; a scope counts its entries in under the lock
  /// before it is armed, and from then on every write takes the lock.
  @usableFromInline let interest = AtomicCount()

  package init() {}

  /// Counts one more access recorder holding reads of this registry.
  package func recorderOpened() {
    interest.add(1)
  }

  /// Undoes one ``recorderOpened()``.
  package func recorderClosed() {
    interest.add(-1)
  }

  /// Runs `body` under the lock and publishes how it changed the number of armed entries,
  /// still under the lock so that the published count never lags a later operation's.
  private func withState<R>(_ body: (inout RegistryState) -> R) -> R {
    state.withLock { state in
      let before = state.armedEntries
      let result = body(&state)
      let delta = state.armedEntries - before
      if delta != 0 { interest.add(delta) }
      return result
    }
  }

  /// Fires the before-store scopes that read `keyPath` of `object` (see
  /// ``ObservationRegistry/willSet(_:keyPath:)``).
  func willSet(_ keyPath: AnyKeyPath, of object: ObjectIdentifier) {
    let fired = withState { $0.willSet(keyPath) }
    fired.forEachElement {
      $0.fire(from: self, kind: .willSet, keyPath: keyPath, objectID: object)
    }
  }

  /// Fires the after-store scopes that read `keyPath` of `object` (see
  /// ``ObservationRegistry/didSet(_:keyPath:)``).
  ///
  /// A before-store scope fired here was armed while the write was in progress and may hold
  /// the old value (see ``RegistryState/Slot``); it is told `.willSet`, its own kind, since a
  /// callback switches on the kinds it asked for.
  func didSet(_ keyPath: AnyKeyPath, of object: ObjectIdentifier) {
    let fired = withState { $0.didSet(keyPath) }
    fired.forEachElement {
      $0.fire(from: self, kind: $0.changeKind, keyPath: keyPath, objectID: object)
    }
  }

  /// The versions a read sees (see ``RegistryState/versionsForRead(of:)``).
  ///
  /// A recorder's first read of this registry passes `opening`: it is counted in
  /// ``interest`` under the lock, before the versions are read, so that every write from then
  /// on bumps them; the recorder calls ``recorderClosed()`` when it is freed.
  package func versionsForRead(of keyPath: AnyKeyPath, opening: Bool = false) -> (
    slot: Int, object: UInt64, property: UInt64
  ) {
    state.withLock {
      if opening { recorderOpened() }
      return $0.versionsForRead(of: keyPath)
    }
  }

  package func register(
    _ scope: TrackingScope,
    properties: PropertyReads,
    objectVersion: UInt64
  ) -> RegistryState.UnreportedChange? {
    withState { $0.register(scope, properties: properties, objectVersion: objectVersion) }
  }

  package func unregister(_ scope: TrackingScope, properties: PropertyReads, objectLevel: Bool) {
    let removed = withState {
      $0.unregister(ObjectIdentifier(scope), properties: properties, objectLevel: objectLevel)
    }
    // Released here, outside the lock, in case this was the last reference.
    withExtendedLifetime(removed) {}
  }

  /// Disarms every scope armed here, because the object it watched is gone, and drops the
  /// bookkeeping (see ``RegistryState/close()``): scopes still armed on other objects keep only
  /// this emptied core alive, until they fire, are cancelled or are freed. A scope that asked
  /// for ``TrackingOptions/deinit`` fires with that event; the others are not called.
  ///
  /// - Complexity: O(scopes armed here + properties ever read).
  func close() {
    let removed = withState { $0.close() }
    // Outside the lock: a release callback may do anything, and a scope freed here calls its
    // discard handler. A scope armed on several properties is in the list once per property;
    // only its first fire finds it armed.
    removed.forEachElement { scope in
      if scope.firesOnRelease { scope.fire(from: self, kind: .deinit) }
    }
    withExtendedLifetime(removed) {}
  }
}
