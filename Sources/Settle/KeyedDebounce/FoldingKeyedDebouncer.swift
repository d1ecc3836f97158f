/// Debounces each key on its own, running the fold of every value sent for the key since its
/// previous run: a ``KeyedDebouncing`` whose fold is a ``Fold``.
///
/// ``KeyedDebouncing`` states its rules, and ``FoldingDebouncer`` what a fold's run receives,
/// for each key alone; create one with
/// ``KeyedDebouncing/init(for:tolerance:options:folding:onRelease:clock:action:)``.
///
/// ```swift
/// // Per chat room, one "read up to" report of every message seen in a burst of scrolling.
/// let markRead = FoldingKeyedDebouncer(for: .milliseconds(500), folding: .collect) {
///   (room: String, messages: [Int]) in
///   print("room", room, "read", messages)
/// }
/// markRead.send(41, forKey: "general")
/// markRead.send(42, forKey: "general")  // one report for general: [41, 42]
/// ```
public typealias FoldingKeyedDebouncer<
  Key: Hashable & Sendable, Value: Sendable, Accumulated: Sendable, C: Clock
> = KeyedDebouncing<Key, Fold<Value, Accumulated>, C, Void, Never>
where C.Duration == Duration
