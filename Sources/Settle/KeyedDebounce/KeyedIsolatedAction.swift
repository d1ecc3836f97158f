/// A keyed `@isolated(any)` action kept in a concrete struct, so that its function type never
/// becomes a generic argument; the two-argument counterpart of ``IsolatedAction``, whose
/// notes (the iOS 18 runtime, reflection) apply here alike.
@usableFromInline
package struct KeyedIsolatedAction<Key: Sendable, Value: Sendable>: Sendable, CustomReflectable {
  private let body: @Sendable @isolated(any) (Key, Value) async -> Void

  /// Wraps `body`; its isolation is read from the closure itself.
  package init(_ body: @escaping @Sendable @isolated(any) (Key, Value) async -> Void) {
    self.body = body
  }

  /// The actor the action runs on, or `nil` for a nonisolated action.
  package var isolation: (any Actor)? { body.isolation }

  /// The isolation only: reflecting the closure would crash before iOS 18 / macOS 15.
  @usableFromInline package var customMirror: Mirror {
    Mirror(self, children: ["isolation": isolation as Any], displayStyle: .struct)
  }

  /// Runs the action on its own isolation, starting from the caller's (see
  /// ``IsolatedAction/callAsFunction(_:isolation:)``).
  package func callAsFunction(
    _ key: Key, _ value: Value, isolation caller: isolated (any Actor)?
  ) async {
    await body(key, value)
  }
}
