#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaskTrigger {
  /// One request as the SwiftUI `.task(_:priority:_:)` modifier sees it: the state plus the
  /// generation that made it.
  ///
  /// It is the modifier's `.task(id:)`, so a request that reuses an id after a cancel still
  /// restarts the task, even when SwiftUI never rendered the cancelled state in between.
  package struct Request: Equatable, Sendable {
    package let state: State
    package let generation: UInt64

    /// One run as the modifier performs it.
    ///
    /// The value is the one captured when the request was read, not a later one. After the
    /// action returns, normally or cancelled, `finish` gets the request to apply the reset
    /// rule (``TaskTrigger/finish(generation:)``). A ``State/none`` request runs nothing,
    /// which is why a reset, or a view reappearing after one, never starts work.
    @MainActor
    package func run(
      _ action: @MainActor @Sendable (Value) async -> Void,
      finish: @MainActor (Request) -> Void
    ) async {
      guard case .active(let value, _) = state else { return }
      await action(value)
      finish(self)
    }
  }

  /// The request the trigger holds now.
  package var request: Request { Request(state: state, generation: generation) }

  /// Applies the reset rule stated on ``TaskTrigger`` when the run for the request of
  /// `generation` ends, normally or cancelled.
  ///
  /// Generations, not ids, tell the run's own request from a newer one: a request that reuses
  /// an id after a cancel has the same state but a later generation.
  ///
  /// - Returns: Whether the state was reset.
  @discardableResult
  package mutating func finish(generation: UInt64) -> Bool {
    guard generation == self.generation, state != .none else { return false }
    cancel()
    return true
  }
}
