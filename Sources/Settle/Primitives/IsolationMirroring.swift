/// A wrapper of an `@isolated(any)` closure that `dump`, `Mirror` and the debugger see as its
/// isolation only: reflecting the closure itself crashes before iOS 18 and macOS 15 (see
/// ``IsolatedAction``). Both wrappers, ``IsolatedAction`` and ``IsolatedKeyedAction``, adopt it, so
/// that the mirror is written once (`ReflectionSafetyTests`).
@usableFromInline
package protocol IsolationMirroring: CustomReflectable {
  /// The actor the closure runs on, or `nil` for a nonisolated closure.
  var isolation: (any Actor)? { get }
}

extension IsolationMirroring {
  /// The isolation, and never the closure.
  @usableFromInline package var customMirror: Mirror {
    Mirror(self, children: ["isolation": isolation as Any], displayStyle: .struct)
  }
}
