#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value-plus-id request to run async work, stored where a view or model keeps its state.
///
/// Setting the trigger asks whoever watches it (the SwiftUI `.task(_:priority:_:)` modifier or
/// a ``TaskTriggerRunner``) to run its action with the value. The id tells two requests for
/// the same value apart, so tapping "Reload" twice restarts the work instead of being
/// swallowed as "no change".
///
/// Guarantees, enforced by the watcher:
/// - A trigger whose value or id differs from the running one cancels that run and starts a
///   new one. The same value with the same id while it runs changes nothing.
/// - The reset rule: when a run ends, normally or cancelled, the state goes back to
///   ``State/none`` only if it still holds the request that run was started for, the one made
///   by the same ``trigger(value:id:)`` call. Matching ids are not enough: a request repeated
///   with the same value and id after a ``cancel()`` is a new one. A run that was superseded
///   and ends late must not wipe out the newer request (otherwise "tap twice, the second run
///   wins" breaks), and resetting after a cancelled run too keeps a view that disappears
///   mid-run from re-running the work when it comes back. A reset never starts a run.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// `TaskTrigger` is a plain `Sendable` value with no behaviour of its own; mutate it wherever
/// you own it (usually on the main actor). Two triggers are equal when they hold the same
/// request from the same call: a request made again after a cancel is a different one.
///
/// <!-- sample: swiftui -->
/// ```swift
/// struct ProfileView: View {
///   @State private var reload = TaskTrigger<Int>()
///   let model: PageStore
///
///   var body: some View {
///     Button("Reload page 1") { reload.trigger(value: 1) }
///       .task($reload) { page in await model.load(page: page) }
///   }
/// }
/// ```
public struct TaskTrigger<Value: Equatable & Sendable>: Equatable, Sendable {
  /// Whether work is requested, and which.
  public enum State: Equatable, Sendable {
    /// Nothing is requested: no work runs on behalf of this trigger.
    case none
    /// Work for `value` is requested; `id` distinguishes this request from others with the
    /// same value.
    case active(value: Value, id: UUID)
  }

  /// The current request; change it with ``trigger(value:id:)`` and ``cancel()``.
  public private(set) var state: State

  /// Counts requests, so that a request reusing an earlier id is still a new request to the
  /// watcher: the late end of the run it replaced must not reset it.
  package private(set) var generation: UInt64 = 0

  /// Creates a trigger with nothing requested.
  public init() {
    state = .none
  }

  /// Requests a run with `value`.
  ///
  /// A fresh id (the default) always restarts the work, even for the same value. Pass an
  /// explicit id to make repeated requests idempotent while the work runs: the same value
  /// with the same id as the active request changes nothing. After a ``cancel()``, even a
  /// reused id is a new request.
  ///
  /// - Parameters:
  ///   - value: What the action receives; captured when the run starts.
  ///   - id: Tells this request apart from earlier ones with the same value.
  public mutating func trigger(value: Value, id: UUID = UUID()) {
    // The same-value-and-id rule, written here only: the runner and the SwiftUI modifier reach
    // it through TriggerStateMachine, which calls this method.
    if case .active(value, id) = state { return }
    state = .active(value: value, id: id)
    generation &+= 1
  }

  /// Withdraws the request: the state becomes ``State/none`` and the watcher cancels the run.
  public mutating func cancel() {
    state = .none
  }
}
