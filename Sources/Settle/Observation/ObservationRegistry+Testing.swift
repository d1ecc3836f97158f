extension ObservationRegistry {
  /// For tests: the number of scopes currently armed on this registry, to prove that fired
  /// scopes leave nothing behind.
  package var armedScopeCount: Int { core.state.withLock { $0.armedScopeCount } }

  /// For tests: holds the registry's lock while `body` runs, to prove a path takes no lock.
  package func withLockHeldForTesting<T>(_ body: () -> T) -> T {
    core.state.withLock { _ in body() }
  }
}
