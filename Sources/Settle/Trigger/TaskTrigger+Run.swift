#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaskTrigger {
  /// The reset rule, applied when the run started for `id` ends (normally or cancelled).
  ///
  /// Only a state that still holds `id` is reset: a newer request must survive the late end
  /// of the run it superseded. Resetting never starts anything.
  ///
  /// - Returns: Whether the state was reset.
  @discardableResult
  package mutating func finish(id: UUID) -> Bool {
    guard case .active(_, let activeID) = state, activeID == id else { return false }
    cancel()
    return true
  }
}

extension TaskTrigger.State {
  /// The id of the active request, or `nil` for ``none``.
  package var id: UUID? {
    guard case .active(_, let id) = self else { return nil }
    return id
  }
}
