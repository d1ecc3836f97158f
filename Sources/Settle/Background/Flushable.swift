/// An owner whose pending value can be run at once, and awaited: every ``Debouncer``,
/// ``Throttler`` and keyed owner, folding or not.
///
/// This is what `flushOnBackground(_:)` in SwiftUI takes: the owners an app holds in its models,
/// to run before the app is suspended.
///
/// ```swift
/// @MainActor final class NoteEditor {
///   let autosave = Debouncer<String, ContinuousClock>(for: .seconds(2)) { text in
///     print("saved", text)
///   }
/// }
///
/// func runEverythingPending(_ owners: [any Flushable]) async {
///   for owner in owners { await owner.flush() }
/// }
/// ```
///
/// Thread rules: `Sendable`; `flush()` may be called from any task. Conform your own types
/// only when their `flush()` keeps the same promise as the owners': it returns once the
/// pending value has run, at once when nothing is pending.
public protocol Flushable: Sendable {
  /// Runs the pending value now, if there is one, and returns once that run has returned; see
  /// ``Debouncing/flush()`` for the owners' guarantees.
  func flush() async
}

extension Debouncing: Flushable {}
extension Throttling: Flushable {}
extension KeyedDebouncing: Flushable {}
extension KeyedThrottling: Flushable {}
