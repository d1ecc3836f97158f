/// A debouncer whose run receives every value sent since the previous run, folded into one:
/// the lines logged in a burst, the ids edited before a save, the paths changed before a
/// rebuild. A ``Debouncing`` whose fold is a ``Fold``.
///
/// Where a ``Debouncer`` replaces the pending value, it reduces the new value into it; every
/// other rule is ``Debouncing``'s. Create one with
/// ``Debouncing/init(for:tolerance:options:folding:onRelease:clock:action:)``.
///
/// ```swift
/// // One write per burst of logging, with every line of the burst.
/// let logger = FoldingDebouncer(for: .milliseconds(200), folding: .collect) {
///   (lines: [String]) in
///   print(lines.joined(separator: "\n"))
/// }
/// logger.send("request started")  // synchronous, O(1) plus the fold
/// logger.send("cache miss")
/// await logger.flush()  // one write: ["request started", "cache miss"]
/// ```
public typealias FoldingDebouncer<Value: Sendable, Accumulated: Sendable, C: Clock> =
  Debouncing<Fold<Value, Accumulated>, C, Void, Never>
where C.Duration == Duration
