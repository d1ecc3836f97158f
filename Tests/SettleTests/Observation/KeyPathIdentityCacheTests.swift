import Settle
import Testing

/// The registry and the recorder find key paths by identity before hashing them (a
/// performance fix from the benchmarks). These tests pin down that the shortcut never changes
/// which scopes a write finds, even when equal key paths arrive as different objects.
@Suite struct KeyPathIdentityCacheTests {
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
    let armed = state.register(scope, keyPaths: [readLater: versions.property], objectVersion: 0)
    #expect(armed)
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
      let armed = state.register(scope, keyPaths: [keyPath: versions.property], objectVersion: 0)
      #expect(armed)
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

  @Test func unregisteringThroughAnEqualKeyPathRemovesTheScope() {
    var state = RegistryState()
    let armedWith = element(3)
    let versions = state.versionsForRead(of: armedWith)
    let scope = TrackingScope(options: [], callback: {})
    let armed = state.register(scope, keyPaths: [armedWith: versions.property], objectVersion: 0)
    #expect(armed)
    let removed = state.unregister(
      ObjectIdentifier(scope), keyPaths: [element(3)], objectLevel: false)
    #expect(removed.count == 1)
    #expect(state.armedScopeCount == 0)
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
    #expect(recorder.accesses[ObjectIdentifier(first)]?.keyPaths.count == 2)
    #expect(recorder.accesses[ObjectIdentifier(second)]?.keyPaths.count == 1)
  }
}
