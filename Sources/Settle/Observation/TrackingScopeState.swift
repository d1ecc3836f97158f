/// The life of one armed scope: armed until fired or cancelled, then never again.
///
/// A pure state machine guarded by the scope's own lock. Finishing it is the "fired" flag that
/// makes the callback run exactly once, whichever thread or re-entrant write gets there first.
/// The callback itself lives on the scope, immutable, outside the lock: a state that held it
/// was copied, with a retain and a release, when the lock was made for every scope.
package struct TrackingScopeState {
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

  /// Whether the scope has neither fired nor been cancelled; cleared by ``finish()``.
  package private(set) var isArmed = true
  /// Inline-first: most scopes read one object, and then registering allocates nothing.
  private var registrations = InlineFirstList<Registration>()

  package init() {}

  /// Notes a registration made during installation; `false` means the scope already finished
  /// and the caller must undo the registration it just made.
  package mutating func didRegister(_ registration: consuming Registration) -> Bool {
    guard isArmed else { return false }
    registrations.append(registration)
    return true
  }

  /// Takes the right to finish the scope, by firing or by cancelling; only the first caller
  /// gets it, with the registrations it must remove (outside the lock).
  package mutating func finish() -> InlineFirstList<Registration>? {
    guard isArmed else { return nil }
    isArmed = false
    return registrations.takeAll()
  }
}
