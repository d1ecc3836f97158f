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

extension TaskTrigger.State {
  /// One run as the SwiftUI `.task(_:priority:_:)` modifier performs it for this state.
  ///
  /// The modifier hands its `.task(id:)` the state it saw, so the value is captured when the
  /// run is created. After the action returns, normally or cancelled, `finish` gets the run's
  /// id to apply the reset rule (``TaskTrigger/finish(id:)``). A ``none`` state runs nothing,
  /// which is why a reset, or a view reappearing after one, never starts work.
  @MainActor
  package func run(
    _ action: @MainActor @Sendable (Value) async -> Void,
    finish: @MainActor (UUID) -> Void
  ) async {
    guard case .active(let value, let id) = self else { return }
    await action(value)
    finish(id)
  }
}
