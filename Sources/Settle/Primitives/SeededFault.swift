/// Faults planted on purpose, so that tests can show their checks catch each one.
///
/// Compiled in only with `-D SETTLE_MUTANTS` (the mutant build that `.ci/run` makes on its own
/// scratch path); in every other build ``isSeeded(_:)`` is the constant `false`, and the
/// optimiser removes the faulty branches, so the library pays nothing for them.
package enum SeededFault: Sendable, CaseIterable {
  /// Continuous tracking arms its next scope as of when the call returns, not as of its reads,
  /// as if it re-armed after the callback: a write between a read and the arming is lost.
  case rearmAfterCallback
  /// A scope calls back without taking its one-shot claim: a scope fired by two writes calls
  /// twice, and continuous tracking arms two scopes.
  case missingClaim
  /// Continuous tracking's scopes hold the tracker strongly: a model the closure captures keeps
  /// itself alive through its registry after the token is gone.
  case strongCapture

  #if SETTLE_MUTANTS
    /// The fault switched on, if any; set only by the mutant tests, which run serialised.
    nonisolated(unsafe) package static var active: SeededFault?
  #endif

  /// Whether `fault` is switched on.
  @inline(__always)
  package static func isSeeded(_ fault: SeededFault) -> Bool {
    #if SETTLE_MUTANTS
      return active == fault
    #else
      return false
    #endif
  }
}
