/// An owner's action as the engine calls it: with the run's key and value, on the action's own
/// isolation. ``IsolatedAction`` (an unkeyed owner's, which ignores its ``SoleKey``) and
/// ``IsolatedKeyedAction`` are the two.
@usableFromInline
package protocol RunAction: Sendable {
  associatedtype Key: Sendable
  associatedtype Value: Sendable
  associatedtype Success: Sendable
  associatedtype Failure: Error
  /// The actor the action runs on, or `nil` for a nonisolated action: where the claim happens.
  var isolation: (any Actor)? { get }
  /// Runs the action on its own isolation, starting from the caller's, and returns what it
  /// returned or threw.
  func callAsFunction(_ key: Key, _ value: Value, isolation caller: isolated (any Actor)?) async
    -> Result<Success, Failure>
}
