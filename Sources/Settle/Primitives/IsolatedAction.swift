/// An `@isolated(any)` action kept in a concrete struct, so that its function type never
/// becomes a generic argument.
///
/// SE-0431: wherever the type metadata of an `@isolated(any)` function type is needed, it needs
/// the Swift 6 runtime (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2). A generic argument
/// (the result of `withLock<R>`, the argument of a generic function) and a cast need it, and
/// the compiler rejects them below that floor; a stored field of a struct does not, because
/// every closure has the same layout. Settle supports iOS 17 and macOS 14, so the engines wrap
/// an `@isolated(any)` closure here the moment they receive it and pass only this struct
/// around.
///
/// A Linux build cannot see the difference; the Apple type-check in `.ci/run` can.
///
/// Reflection is the one place the compiler does not guard: `dump`, `Mirror` and the debugger
/// ask for the metadata of every stored field they walk, and on the older runtime that crashes
/// for this closure's type. The custom mirror shows the isolation and never the closure
/// (``IsolationMirroring``). The closure is not stored erased, as ``TrackedValues`` stores its
/// synchronous one, because an `async` `@isolated(any)` closure receives its isolation as an
/// argument: a plain `async` function type does not have its calling convention.
@usableFromInline
package struct IsolatedAction<Value: Sendable, Success: Sendable, Failure: Error>: Sendable,
  IsolationMirroring, RunAction
{
  private let body: @Sendable @isolated(any) (Value) async throws(Failure) -> Success

  /// Wraps `body`; its isolation is read from the closure itself.
  @usableFromInline
  package init(
    _ body: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) {
    self.body = body
  }

  /// The actor the action runs on, or `nil` for a nonisolated action.
  @usableFromInline
  package var isolation: (any Actor)? { body.isolation }

  /// Runs the action on its own isolation, and returns what it returned or threw; an unkeyed
  /// owner's runs all have the one ``SoleKey``.
  ///
  /// Pass the caller's isolation: the call then starts there, with no hop in between. A plain
  /// nonisolated `async` method would first leave the caller's actor, so a claim made on the
  /// action's actor and the action's first steps would no longer share one turn of it
  /// (``PacedRuns``' no-stale-start guarantee). No default: each call site says where it is.
  @usableFromInline
  package func callAsFunction(
    _ key: SoleKey, _ value: Value, isolation caller: isolated (any Actor)?
  ) async -> Result<Success, Failure> {
    do throws(Failure) {
      return .success(try await body(value))
    } catch {
      return .failure(error)
    }
  }
}
