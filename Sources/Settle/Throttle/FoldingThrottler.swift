/// A throttler whose run receives every value sent since the previous run, folded into one:
/// a ``Throttling`` whose fold is a ``Fold``.
///
/// It keeps every rule of ``Throttling``, which says which values a window's end folds in
/// each ``ThrottleMode``; create one with
/// ``Throttling/init(for:tolerance:mode:folding:onRelease:clock:action:)``.
///
/// ```swift
/// // At most one upload every 5 s, and every event reaches one of them.
/// let uploader = FoldingThrottler(for: .seconds(5), folding: .collect) { (events: [String]) in
///   print("uploading", events.count, "events")
/// }
/// uploader.send("app opened")  // uploads at once
/// uploader.send("tab changed")  // waits for the window's end, with any that follow
/// ```
public typealias FoldingThrottler<Value: Sendable, Accumulated: Sendable, C: Clock> =
  Throttling<Fold<Value, Accumulated>, C, Void, Never>
where C.Duration == Duration
