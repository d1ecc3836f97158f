/// What happens to a value that waits to run when its owner goes away: a ``Debouncer``,
/// ``Throttler`` or ``KeyedDebouncer`` that is released, or a view with
/// `onChange(of:debounce:)` that disappears.
///
/// ``cancelPending`` (the default) suits a search: nobody is left to read the answer.
/// ``runPending`` suits an autosave: the user's last edit must not be lost because the editor
/// closed before the quiet period ended.
///
/// ```swift
/// actor DraftStore {
///   private(set) var saved: [String] = []
///   func save(_ draft: String) { saved.append(draft) }
/// }
/// let store = DraftStore()
///
/// var autosave: Debouncer<String, ContinuousClock>? = Debouncer(
///   for: .seconds(2), onRelease: .runPending
/// ) { (draft: String) in
///   await store.save(draft)
/// }
/// autosave?.send("Dear Ada, the engine")
/// autosave = nil  // the editor closed: the draft is saved now, not lost
/// ```
public enum PendingValuePolicy: Hashable, Sendable {
  /// Drop the waiting value and cancel a running action: nothing runs after the owner is
  /// gone.
  case cancelPending
  /// Run the waiting value once, at once, as `flush()` would, even though nothing holds the
  /// owner any more. A running action is not cancelled: the waiting value runs after it
  /// returns, never overlapping it, on the action's own isolation like every run. The action
  /// is released when that last run returns. A process that exits first does not wait for
  /// it.
  case runPending
}
