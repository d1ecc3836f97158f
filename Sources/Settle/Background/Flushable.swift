/// An owner whose pending value can be run at once, and whose runs can be awaited: every
/// ``Debouncer``, ``Throttler`` and keyed owner, folding or not.
///
/// This is what `flushOnBackground(_:)` in SwiftUI takes: the owners an app holds in its
/// models, to run, and to finish running, before the app is suspended.
///
/// ```swift
/// @MainActor final class NoteEditor {
///   let autosave = Debouncer<String, ContinuousClock>(for: .seconds(2)) { text in
///     print("saved", text)
///   }
/// }
///
/// func finishEverything(_ owners: [any Flushable]) async {
///   for owner in owners {
///     await owner.flush()  // what waits runs now
///     await owner.waitUntilIdle()  // and a save the timer started finishes too
///   }
/// }
/// ```
///
/// Thread rules: `Sendable`; both may be called from any task, not from inside the owner's
/// own action. Conform your own types only when they keep the owners' promises: `flush()`
/// returns once the pending value has run, at once when nothing is pending, and
/// `waitUntilIdle()` once nothing is pending and no run is under way.
public protocol Flushable: Sendable {
  /// Runs the pending value now, if there is one, and returns once that run has returned; see
  /// ``Debouncing/flush()`` for the owners' guarantees.
  func flush() async
  /// Returns once nothing is pending and no run is under way; see
  /// ``Debouncing/waitUntilIdle()`` for the owners' guarantees.
  func waitUntilIdle() async
}

extension Debouncing: Flushable {}
extension Throttling: Flushable {}
extension KeyedDebouncing: Flushable {}
extension KeyedThrottling: Flushable {}
