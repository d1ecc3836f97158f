/// What an engine leaves a `sendAndWait` caller when it settles it: how the value ended, and
/// the result of the run that covered it.
@usableFromInline
package struct SendSettlement<RunResult: Sendable>: Sendable {
  /// How the caller's value ended.
  @usableFromInline package let outcome: SendOutcome
  /// What the covering run's action returned or threw; `nil` exactly when the outcome is
  /// ``SendOutcome/dropped``, since no run covered the value.
  @usableFromInline package let result: RunResult?

  @inlinable
  init(outcome: SendOutcome, result: RunResult?) {
    self.outcome = outcome
    self.result = result
  }
}

extension SendSettlement {
  /// The covering run's return value, for `sendAndWaitForResult`.
  ///
  /// - Throws: ``DroppedValueError`` when no run covered the value, or what the run threw.
  @inlinable
  package func value<Success, Failure>() throws -> Success
  where RunResult == Result<Success, Failure> {
    guard let result else { throw DroppedValueError() }
    return try result.get()
  }
}
