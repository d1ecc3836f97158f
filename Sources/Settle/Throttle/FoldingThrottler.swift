/// A throttler whose run receives every value sent since the previous run, folded into one:
/// a ``Throttling`` whose fold is a ``Fold``.
///
/// It keeps every rule of ``Throttling`` in its ``ThrottleMode``, and is created with
/// ``Throttling/init(for:tolerance:mode:folding:onRelease:clock:action:)``. In the default,
/// ``ThrottleMode/newestAtWindowEnd``, a value with no window open runs at once, alone, and
/// opens a window; the values that arrive inside the window are folded together with its
/// ``Fold`` and run as one at the window's end, which opens the next window. In
/// ``ThrottleMode/newestAtWindowEndOnly`` the value that opens a window waits too, and the
/// window's end runs every value of the window folded together. Runs stay at least one
/// interval apart.
///
/// ```swift
/// actor Analytics {
///   func upload(_ events: [String]) { print("uploading", events.count, "events") }
/// }
/// let analytics = Analytics()
///
/// // At most one upload every 5 s, and every event reaches one of them.
/// let uploader = FoldingThrottler(for: .seconds(5), folding: .collect) { (events: [String]) in
///   await analytics.upload(events)
/// }
/// uploader.send("app opened")  // uploads at once
/// uploader.send("tab changed")  // waits for the window's end, with any that follow
/// ```
public typealias FoldingThrottler<Value: Sendable, Accumulated: Sendable, C: Clock> =
  Throttling<Fold<Value, Accumulated>, C>
where C.Duration == Duration
