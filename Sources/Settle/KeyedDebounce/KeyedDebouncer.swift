/// Debounces each key on its own, running a key's newest value: a ``KeyedDebouncing`` whose
/// fold is ``LatestValue``.
///
/// ``KeyedDebouncing`` states its rules; create one with
/// ``KeyedDebouncing/init(for:tolerance:options:onRelease:clock:action:)``.
///
/// ```swift
/// let drafts = DraftStore()  // an actor with `func save(_ draft: String) async throws`
/// let autosave = KeyedDebouncer(for: .seconds(1)) { (document: Int, text: String) in
///   try? await drafts.save("\(document): \(text)")  // throws only when cancelled
/// }
/// autosave.send("Dear Ada,", forKey: 1)  // from each editor's change callback
/// autosave.send("Shopping: eggs", forKey: 2)  // document 2 has its own quiet period
/// autosave.cancel(forKey: 2)  // document 2 was discarded: drop its pending save
/// await autosave.flush(forKey: 1)  // the window closes: save document 1 now
/// ```
public typealias KeyedDebouncer<Key: Hashable & Sendable, Value: Sendable, C: Clock> =
  KeyedDebouncing<Key, LatestValue<Value>, C, Void, Never>
where C.Duration == Duration
