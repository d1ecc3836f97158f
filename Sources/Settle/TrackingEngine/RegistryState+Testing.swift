extension RegistryState {
  /// The slot of `keyPath`, if it has one, for tests to look inside.
  package func slot(for keyPath: AnyKeyPath) -> Slot? {
    slotByKeyPath[keyPath].map { slots[$0] }
  }

  /// For tests: the scopes armed on this registry, to check nothing is left behind.
  package var armedScopeCount: Int {
    var ids: Set<ObjectIdentifier> = []
    for slot in [object] + slots {
      ids.formUnion(slot.beforeStore.scopes.elements.map(ObjectIdentifier.init))
      ids.formUnion(slot.afterStore.scopes.elements.map(ObjectIdentifier.init))
    }
    return ids.count
  }
}
