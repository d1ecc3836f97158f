/// An `@isolated(any)` action kept in a concrete struct, so that its function type never
/// becomes a generic argument.
///
/// SE-0431: wherever the type metadata of an `@isolated(any)` function type is needed, it needs
/// the Swift 6 runtime (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2). A generic argument
/// (`Optional<F>`, the result of `withLock<R>`), a tuple element and a cast all need it; a
/// stored field of a struct does not, because every closure has the same layout. Settle
/// supports iOS 17 and macOS 14, so the engines wrap an `@isolated(any)` closure here the
/// moment they receive it and pass only this struct around: `IsolatedAction<V>?` builds for
/// iOS 17, where `(@isolated(any) (V) async -> Void)?` does not.
///
/// A Linux build cannot see the difference; the Apple type-check in `.ci/run` can.
@usableFromInline
package struct IsolatedAction<Value: Sendable>: Sendable {
  private let body: @Sendable @isolated(any) (Value) async -> Void

  /// Wraps `body`; its isolation is read from the closure itself.
  package init(_ body: @escaping @Sendable @isolated(any) (Value) async -> Void) {
    self.body = body
  }

  /// The actor the action runs on, or `nil` for a nonisolated action.
  package var isolation: (any Actor)? { body.isolation }

  /// Runs the action on its own isolation.
  ///
  /// Pass the caller's isolation: the call then starts there, with no hop in between. A plain
  /// nonisolated `async` method would first leave the caller's actor, so a claim made on the
  /// action's actor and the action's first steps would no longer share one turn of it
  /// (``TimedRuns``' no-stale-start guarantee). No default: each call site says where it is.
  package func callAsFunction(
    _ value: Value, isolation caller: isolated (any Actor)?
  ) async {
    await body(value)
  }
}
