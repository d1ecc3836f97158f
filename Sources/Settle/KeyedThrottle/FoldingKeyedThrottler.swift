/// Throttles each key on its own, running the fold of the key's values of a window: a
/// ``KeyedThrottling`` whose fold is a ``Fold``.
///
/// ``KeyedThrottling`` states its rules, and ``FoldingThrottler`` what a fold's run receives,
/// for each key alone; create one with
/// ``KeyedThrottling/init(for:tolerance:mode:folding:onRelease:clock:action:)``.
///
/// ```swift
/// // Per channel, the messages of each second delivered together.
/// let deliver = FoldingKeyedThrottler(for: .seconds(1), folding: .collect) {
///   (channel: String, messages: [String]) in
///   print(channel, messages)
/// }
/// deliver.send("hello", forKey: "general")  // runs at once: ["hello"]
/// deliver.send("are you there?", forKey: "general")
/// deliver.send("anyone?", forKey: "general")  // one run at the window's end, both messages
/// ```
public typealias FoldingKeyedThrottler<
  Key: Hashable & Sendable, Value: Sendable, Accumulated: Sendable, C: Clock
> = KeyedThrottling<Key, Fold<Value, Accumulated>, C, Void, Never>
where C.Duration == Duration
