// The registry's internals (`RegistryState`, `TrackingScope`, `AccessRecorder`, `PropertyReads`):
// which key paths share a slot is not public.
import Settle
import SettleTestSupport
import Testing

/// The registry finds key paths by identity before hashing them, and gives each property a
/// slot index that recorders and scopes use from then on (performance fixes from the
/// benchmarks). These tests pin down that neither shortcut changes which scopes a write finds,
/// even when equal key paths arrive as different objects.
@Suite(.watched) struct KeyPathIdentityCacheTests {
  /// A key path with a captured argument: every call builds a new object, equal to the others
  /// built with the same index.
  private func element(_ index: Int) -> AnyKeyPath {
    \[Int][index]
  }

  @Test func equalKeyPathsAreDistinctObjectsInTheseTests() {
    let first = element(0)
    let second = element(0)
    #expect(first == second)
    #expect(first !== second)
  }

  @Test func aSlotCreatedThroughAnEqualKeyPathIsFoundByOneSeenBefore() {
    var state = RegistryState()
    let seenFirst = element(0)
    let readLater = element(0)
    // Written before any scope read the property: cached as "no slot".
    let firedBefore = state.willSet(seenFirst)
    let firedAfter = state.didSet(seenFirst)
    #expect(firedBefore.isEmpty && firedAfter.isEmpty)
    let versions = state.versionsForRead(of: readLater)
    let scope = TrackingScope(options: [], callback: {})
    let armed = state.register(
      scope, properties: PropertyReads(slot: versions.slot, version: versions.property),
      objectVersion: 0)
    #expect(armed == nil)
    let fired = state.willSet(seenFirst)
    #expect(fired.count == 1)
    #expect(fired.first === scope)
  }

  @Test func manyKeyPathsEachFindTheirOwnScopes() {
    // More key paths than the identity cache holds, so entries are evicted and re-added.
    var state = RegistryState()
    let count = 40
    var scopes: [TrackingScope] = []
    for index in 0..<count {
      let keyPath = element(index)
      let versions = state.versionsForRead(of: keyPath)
      let scope = TrackingScope(options: [], callback: {})
      let armed = state.register(
        scope, properties: PropertyReads(slot: versions.slot, version: versions.property),
        objectVersion: 0)
      #expect(armed == nil)
      scopes.append(scope)
    }
    for index in stride(from: count - 1, through: 0, by: -1) {
      let fired = state.willSet(element(index))
      #expect(fired.count == 1)
      #expect(fired.first === scopes[index])
      _ = state.didSet(element(index))
    }
    #expect(state.armedScopeCount == 0)
  }

  @Test func equalKeyPathsShareOneSlotAndDistinctOnesDoNot() {
    var state = RegistryState()
    let armedWith = element(3)
    let versions = state.versionsForRead(of: armedWith)
    let scope = TrackingScope(options: [], callback: {})
    let armed = state.register(
      scope, properties: PropertyReads(slot: versions.slot, version: versions.property),
      objectVersion: 0)
    #expect(armed == nil)
    // Scopes and recorders refer to a property by slot index: an equal key path built anew
    // must find the same slot, and another property a different one.
    #expect(state.versionsForRead(of: element(3)).slot == versions.slot)
    #expect(state.versionsForRead(of: element(4)).slot != versions.slot)
    let removed = state.unregister(
      ObjectIdentifier(scope),
      properties: PropertyReads(slot: state.versionsForRead(of: element(3)).slot, version: 0),
      objectLevel: false)
    #expect(removed.count == 1)
    #expect(state.armedScopeCount == 0)
  }

  @Test func slotIndicesStayValidWhileSlotsAreAdded() {
    // Scopes keep slot indices from installation until they fire, while other properties get
    // slots: an index must never move.
    var state = RegistryState()
    let first = state.versionsForRead(of: element(0))
    let scope = TrackingScope(options: [], callback: {})
    let armed = state.register(
      scope, properties: PropertyReads(slot: first.slot, version: first.property),
      objectVersion: 0)
    #expect(armed == nil)
    for index in 1..<100 { _ = state.versionsForRead(of: element(index)) }
    #expect(state.slots.count == 100)
    #expect(state.slot(for: element(0))?.beforeStore.count == 1)
    let fired = state.willSet(element(0))
    #expect(fired.count == 1 && fired.first === scope)
  }

  @Test func recorderKeepsAlternatingPropertiesAndRegistriesApart() {
    let first = ObservationRegistry()
    let second = ObservationRegistry()
    let recorder = AccessRecorder()
    let a = element(1)
    let b = element(2)
    recorder.record(first, keyPath: a)
    recorder.record(first, keyPath: a)
    recorder.record(first, keyPath: b)
    recorder.record(first, keyPath: a)
    recorder.record(second, keyPath: a)
    #expect(recorder.accesses.count == 2)
    #expect(recorder.access(for: first)?.properties.reads.count == 2)
    #expect(recorder.access(for: second)?.properties.reads.count == 1)
  }

  @Test func recorderFindsRegistriesPastItsLinearScan() {
    // More registries than the recorder scans linearly, so it switches to an index; every
    // registry must still get exactly its own reads, including repeats after the switch.
    let registries = (0..<20).map { _ in ObservationRegistry() }
    let recorder = AccessRecorder()
    let a = element(1)
    let b = element(2)
    for registry in registries { recorder.record(registry, keyPath: a) }
    for registry in registries { recorder.record(registry, keyPath: b) }
    for registry in registries { recorder.record(registry, keyPath: a) }
    #expect(recorder.accesses.count == registries.count)
    for registry in registries {
      #expect(recorder.access(for: registry)?.properties.reads.count == 2)
    }
    let outer = AccessRecorder()
    outer.record(registries[15], keyPath: element(3))
    recorder.merge(into: outer)
    #expect(outer.accesses.count == registries.count)
    #expect(outer.access(for: registries[15])?.properties.reads.count == 3)
    #expect(outer.access(for: registries[0])?.properties.reads.count == 2)
  }
}

/// A registry whose object is gone closes its state: every scope comes out, once, and the
/// slots go, so a scope finishing later through another object finds nothing to remove.
@Suite(.watched) struct ClosedRegistryStateTests {
  @Test func closingReturnsEveryScopeOnceAndLaterRemovalsDoNothing() {
    var state = RegistryState()
    let keyPaths: [AnyKeyPath] = [\[Int].count, \[Int].isEmpty, \[Int].first]
    let reads = keyPaths.map { state.versionsForRead(of: $0) }
    var properties = PropertyReads()
    for read in reads { properties.insert(slot: read.slot, version: read.property) }
    let wide = TrackingScope(options: [], callback: {})
    let objectLevel = TrackingScope(options: .objectLevel, callback: {})
    let armedWide = state.register(wide, properties: properties, objectVersion: 0)
    let armedObject = state.register(objectLevel, properties: PropertyReads(), objectVersion: 0)
    #expect(armedWide == nil && armedObject == nil)
    #expect(state.armedEntries == 4)

    let removed = state.close()

    #expect(removed.count == 4)  // one entry per list the scopes were in
    #expect(Set(removed.elements.map(ObjectIdentifier.init)).count == 2)
    #expect(state.isClosed && state.armedEntries == 0 && state.slots.isEmpty)
    let late = state.unregister(ObjectIdentifier(wide), properties: properties, objectLevel: false)
    #expect(late.isEmpty)
  }
}
