/// One armed ``withTracking`` scope, registered with every registry it read from.
///
/// Registries hold scopes strongly, and scopes hold only each registry's ``RegistryCore``,
/// which a registry empties when it is freed; so releasing an observed object releases its
/// registrations, and a scope (with its callback) is freed once it fired or all the objects it
/// watched are gone.
package final class TrackingScope: Sendable {
  package let afterStore: Bool
  package let objectLevel: Bool
  private let state: LockedState<TrackingScopeState>
  /// Run once, by whoever finishes the scope by firing it (see ``TrackingScopeState``).
  private let callback: @Sendable () -> Void
  /// Called when the scope is freed without having fired or been cancelled: nothing it read can
  /// report a change any more.
  private let onDiscard: (@Sendable () -> Void)?

  package init(
    options: TrackingOptions,
    callback: @escaping @Sendable () -> Void,
    onDiscard: (@Sendable () -> Void)? = nil
  ) {
    afterStore = options.contains(.afterStore)
    objectLevel = options.contains(.objectLevel)
    state = LockedState(TrackingScopeState())
    self.callback = callback
    self.onDiscard = onDiscard
  }

  deinit {
    if let onDiscard, state.withLock({ $0.finish() }) != nil {
      onDiscard()
    }
  }

  /// Whether the scope has neither fired nor been cancelled.
  package var isArmed: Bool { state.withLock { $0.isArmed } }

  /// Registers the scope with every registry `recorder` read from. If a read property changed
  /// before its registration, fires right away on this thread.
  ///
  /// - Complexity: O(properties read).
  package func install(_ recorder: AccessRecorder) {
    recorder.forEachAccess { access in
      let core = access.registry.core
      let armed = core.register(
        self, properties: access.properties, objectVersion: access.objectVersion)
      guard armed else {
        fire()
        return false
      }
      let properties = objectLevel ? PropertyReads() : access.properties
      let registered = state.withLock {
        $0.didRegister(
          TrackingScopeState.Registration(
            core: core, properties: properties, objectLevel: objectLevel))
      }
      guard registered else {
        // Another thread fired (or cancelled) the scope meanwhile; it could not see this
        // registration, so remove it here rather than leave it behind.
        core.unregister(self, properties: properties, objectLevel: objectLevel)
        return false
      }
      return true
    }
  }

  /// Runs the callback if nobody did yet: finishes the scope, removes every registration, then
  /// calls back with reads suppressed.
  ///
  /// `registry` is the core of the registry whose write fired the scope, if any: it already
  /// took the scope out of the slot that fired, so a registration there on that one slot alone
  /// needs no second trip through its lock.
  package func fire(from registry: RegistryCore? = nil) {
    guard let registrations = state.withLock({ $0.finish() }) else { return }
    remove(registrations, clearedBy: registry)
    TrackingContext.suppressingReads(callback)
  }

  /// Disarms the scope without calling back.
  package func cancel() {
    guard let registrations = state.withLock({ $0.finish() }) else { return }
    remove(registrations)
  }

  private func remove(
    _ registrations: InlineFirstList<TrackingScopeState.Registration>,
    clearedBy firing: RegistryCore? = nil
  ) {
    registrations.forEachElement { registration in
      // A scope fired by a registry was in exactly one of its lists: the object's for an
      // object-level scope, else one per property read. With one read, that list was the one
      // the write emptied, so nothing of this scope is left there.
      if registration.core === firing,
        registration.objectLevel || registration.properties.isSingleRead
      {
        return
      }
      registration.core.unregister(
        self, properties: registration.properties, objectLevel: registration.objectLevel)
    }
  }
}
