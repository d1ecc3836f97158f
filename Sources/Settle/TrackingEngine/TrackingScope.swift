/// One armed ``withTracking`` scope, registered with every registry it read from.
///
/// Registries hold scopes strongly, and scopes hold only each registry's ``RegistryCore``,
/// which a registry empties when it is freed; so releasing an observed object releases its
/// registrations, and a scope (with its callback) is freed once it fired or all the objects it
/// watched are gone.
package final class TrackingScope: Sendable {
  /// What a scope calls: a plain closure costs no event, and only callers that asked for
  /// events get one built.
  package enum Callback: Sendable {
    case plain(@Sendable () -> Void)
    case event(@Sendable (TrackingEvent) -> Void)
  }

  package let afterStore: Bool
  package let objectLevel: Bool
  /// Whether the release of a read object fires the scope (``TrackingOptions/deinit``).
  package let firesOnRelease: Bool
  /// Whether the scope is one round of continuous tracking; only seeded faults ask.
  package let isContinuous: Bool
  private let state: LockedState<State>
  /// Run once, by whoever ends the scope by firing it (see ``State``).
  private let callback: Callback
  /// Called when the scope is freed without having fired or been cancelled: nothing it read can
  /// report a change any more.
  private let onDiscard: (@Sendable () -> Void)?

  package init(
    options: TrackingOptions,
    callback: Callback,
    onDiscard: (@Sendable () -> Void)? = nil,
    isContinuous: Bool = false
  ) {
    self.isContinuous = isContinuous
    afterStore = options.contains(.afterStore)
    objectLevel = options.contains(.objectLevel)
    firesOnRelease = options.contains(.deinit)
    state = LockedState(State())
    self.callback = callback
    self.onDiscard = onDiscard
  }

  package convenience init(
    options: TrackingOptions,
    callback: @escaping @Sendable () -> Void,
    onDiscard: (@Sendable () -> Void)? = nil
  ) {
    self.init(options: options, callback: .plain(callback), onDiscard: onDiscard)
  }

  deinit {
    if let onDiscard, state.withLock({ $0.disarm() }) != nil {
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
      let changed = core.register(
        self, properties: access.properties, objectVersion: access.objectVersion)
      if let changed {
        fire(kind: changeKind, keyPath: changed.keyPath)
        return false
      }
      let properties = objectLevel ? PropertyReads() : access.properties
      let registered = state.withLock {
        $0.didRegister(
          State.Registration(
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

  /// Runs `body` recording the tracked properties it reads, then arms the scope that
  /// `makeScope` returns on those reads; every way of tracking goes through here.
  ///
  /// `makeScope` runs after `body`, before installation: a caller that must be able to cancel
  /// the scope from another thread stores it there, since the scope copes with a cancel during
  /// its installation. Returning `nil` arms nothing. If `body` throws, nothing is armed.
  ///
  /// - Complexity: O(properties read) on top of `body`.
  @inline(__always)
  package static func arm<T>(
    recording body: () throws -> T,
    _ makeScope: () -> TrackingScope?
  ) rethrows -> T {
    let recorder = AccessRecorder()
    let result = try TrackingContext.recording(into: recorder, body)
    makeScope()?.install(recorder)
    return result
  }

  /// The kind of event a change reports to this scope.
  package var changeKind: TrackingEvent.Kind { afterStore ? .didSet : .willSet }

  /// Runs the callback if nobody did yet: disarms the scope, removes every registration, then
  /// calls back with reads suppressed.
  ///
  /// `registry` is the core of the registry whose write fired the scope, if any: it already
  /// took the scope out of the slot that fired, so a registration there on that one slot alone
  /// needs no second trip through its lock. `kind`, `keyPath` and `objectID` describe the event;
  /// they become a ``TrackingEvent`` only for a callback that takes one.
  ///
  /// Out of line: inlined into the registry's `willSet`/`didSet`, the firing path (its disarm,
  /// the registrations' destruction) sits a few calls below every specialised setter, where
  /// Scripts/check-write-codegen forbids runtime type look-ups.
  @inline(never)
  package func fire(
    from registry: RegistryCore? = nil,
    kind: TrackingEvent.Kind,
    keyPath: AnyKeyPath? = nil,
    objectID: ObjectIdentifier? = nil
  ) {
    guard let registrations = state.withLock({ $0.disarm() }) else {
      if SeededFault.isSeeded(.missingClaim) { call(kind, keyPath, objectID) }
      return
    }
    remove(registrations, clearedBy: registry)
    call(kind, keyPath, objectID)
  }

  private func call(
    _ kind: TrackingEvent.Kind, _ keyPath: AnyKeyPath?, _ objectID: ObjectIdentifier?
  ) {
    switch callback {
    case .plain(let callback):
      TrackingContext.suppressingReads(callback)
    case .event(let callback):
      let event = TrackingEvent(kind: kind, keyPath: keyPath, objectID: objectID)
      TrackingContext.suppressingReads { callback(event) }
    }
  }

  /// Disarms the scope without calling back.
  package func cancel() {
    guard let registrations = state.withLock({ $0.disarm() }) else { return }
    remove(registrations)
  }

  private func remove(
    _ registrations: InlineFirstList<State.Registration>,
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

extension TrackingScope {
  /// The life of one armed scope: armed until fired or cancelled, then never again.
  ///
  /// A pure state machine guarded by the scope's own lock. Disarming it is the "fired" flag that
  /// makes the callback run exactly once, whichever thread or re-entrant write gets there first.
  /// The callback itself lives on the scope, immutable, outside the lock: a state that held it
  /// was copied, with a retain and a release, when the lock was made for every scope.
  package struct State {
    /// Where the scope is registered, so that firing can remove every registration.
    package struct Registration {
      /// Strong: a core does not keep its object alive (see ``RegistryCore``).
      package let core: RegistryCore
      /// The slots registered on; the recorder's read set itself, shared rather than copied.
      package let properties: PropertyReads
      package let objectLevel: Bool

      package init(core: RegistryCore, properties: PropertyReads, objectLevel: Bool) {
        self.core = core
        self.properties = properties
        self.objectLevel = objectLevel
      }
    }

    /// Whether the scope has neither fired nor been cancelled; cleared by ``disarm()``.
    package private(set) var isArmed = true
    /// Inline-first: most scopes read one object, and then registering allocates nothing.
    private var registrations = InlineFirstList<Registration>()

    package init() {}

    /// Notes a registration made during installation; `false` means the scope already ended
    /// and the caller must undo the registration it just made.
    package mutating func didRegister(_ registration: consuming Registration) -> Bool {
      guard isArmed else { return false }
      registrations.append(registration)
      return true
    }

    /// Takes the right to end the scope, by firing or by cancelling; only the first caller
    /// gets it, with the registrations it must remove (outside the lock).
    package mutating func disarm() -> InlineFirstList<Registration>? {
      guard isArmed else { return nil }
      isArmed = false
      return registrations.takeAll()
    }
  }
}
