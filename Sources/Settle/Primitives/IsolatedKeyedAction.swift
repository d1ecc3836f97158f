/// A keyed `@isolated(any)` action kept in a concrete struct, so that its function type never
/// becomes a generic argument; the two-argument counterpart of ``IsolatedAction``, whose notes
/// (the iOS 18 runtime, reflection) apply here alike.
@usableFromInline
package struct IsolatedKeyedAction<
  Key: Sendable, Value: Sendable, Success: Sendable, Failure: Error
>: Sendable, IsolationMirroring, RunAction {
  private let body: @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success

  /// Wraps `body`; its isolation is read from the closure itself.
  @usableFromInline
  package init(
    _ body: @escaping @Sendable @isolated(any) (Key, Value) async throws(Failure) -> Success
  ) {
    self.body = body
  }

  /// The actor the action runs on, or `nil` for a nonisolated action.
  @usableFromInline
  package var isolation: (any Actor)? { body.isolation }

  /// Runs the action on its own isolation, starting from the caller's (see
  /// ``IsolatedAction/callAsFunction(_:_:isolation:)``), and returns what it returned or threw.
  @usableFromInline
  package func callAsFunction(
    _ key: Key, _ value: Value, isolation caller: isolated (any Actor)?
  ) async -> Result<Success, Failure> {
    do throws(Failure) {
      return .success(try await body(key, value))
    } catch {
      return .failure(error)
    }
  }
}
