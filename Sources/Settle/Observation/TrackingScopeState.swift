/// The life of one armed scope: armed until fired or cancelled, then never again.
///
/// A pure state machine guarded by the scope's own lock. Claiming it is the "fired" flag that
/// makes the callback run exactly once, whichever thread or re-entrant write gets there first.
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

  /// What the winner of ``claim()`` must do, outside the lock, in this order.
  package struct Claim {
    package let registrations: InlineFirstList<Registration>
    package let callback: @Sendable () -> Void
  }

  private var callback: (@Sendable () -> Void)?
  /// Inline-first: most scopes read one object, and then registering allocates nothing.
  private var registrations = InlineFirstList<Registration>()

  package init(callback: @escaping @Sendable () -> Void) {
    self.callback = callback
  }

  /// Whether the scope has neither fired nor been cancelled.
  package var isArmed: Bool { callback != nil }

  /// Notes a registration made during installation; `false` means the scope already finished
  /// and the caller must undo the registration it just made.
  package mutating func didRegister(_ registration: consuming Registration) -> Bool {
    guard isArmed else { return false }
    registrations.append(registration)
    return true
  }

  /// Takes the right to run the callback; only the first caller gets it.
  package mutating func claim() -> Claim? {
    guard let callback else { return nil }
    self.callback = nil
    return Claim(registrations: registrations.takeAll(), callback: callback)
  }

  /// Finishes the scope without calling back; returns the registrations to remove.
  package mutating func cancel() -> InlineFirstList<Registration>? {
    guard isArmed else { return nil }
    callback = nil
    return registrations.takeAll()
  }
}
