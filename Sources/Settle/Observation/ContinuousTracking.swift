/// Calls `apply` now and again after every change to a tracked property it read, re-arming
/// itself on what each call reads, until the returned token is cancelled or released.
///
/// ```swift
/// @MainActor final class Counter: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var count = 0
/// }
///
/// let counter = Counter()
/// let token = withContinuousTracking { [counter] event in
///   // First here, then on the writing thread: the main actor, for this model.
///   MainActor.assumeIsolated { print(event.kind, counter.count) }
/// }
/// // prints "initial 0"
/// counter.count = 1  // prints "didSet 1"
/// counter.count = 2  // prints "didSet 2"
/// token.cancel()
/// counter.count = 3  // prints nothing
/// ```
///
/// The first call, with a ``TrackingEvent/Kind/initial`` event, runs on this thread before this
/// function returns. Every later call runs synchronously on the thread that wrote, after the
/// store, so `apply` reads the new values; its event tells which property changed (see
/// ``TrackingEvent/matches(_:)``). Each call's reads replace the previous call's: reading a
/// property conditionally tracks it exactly when it was read.
///
/// Guarantees:
/// - **No write is lost.** A write to a property `apply` read is either reported by a later
///   call, or happened before a read of that call and is what it read. This holds for writes
///   racing from other threads between a call and its re-arming, and for writes `apply` makes
///   itself; the next scope is armed with the versions `apply` read, not from when it returns.
/// - **One call per write at most.** Each armed scope calls once; writes that land while a call
///   runs are reported by at most one further call. A write to a property no call read calls
///   nothing.
/// - **Calls never overlap**, as long as the writes to what `apply` reads follow the objects'
///   thread rules (see ``TrackedObject``).
/// - **Nothing is kept alive by the observed objects:** they hold the observation weakly; the
///   token holds `apply` (see ``TrackingToken``).
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// Unlike SE-0506's `withContinuousObservation`, which calls back at the next suspension point
/// of the caller's isolation, `apply` runs at once on the writing thread: there is no gap in
/// which another change can land unobserved, and no hop. A write inside `apply` to a property
/// it reads calls it again at once, from inside the call, so `apply` must not write what it
/// reads unconditionally.
///
/// - Parameters:
///   - options: ``TrackingOptions/objectLevel`` to be called for any tracked property of the
///     objects read, ``TrackingOptions/deinit`` to be called when one of them is released.
///     Calls always come after the store: ``TrackingOptions/afterStore`` is implied.
///   - apply: The reads to track, run with each event; with no Settle lock held and reads
///     of its own callbacks' writes suppressed as in any tracking callback.
/// - Returns: The token that keeps the observation running.
/// - Complexity: each round costs what a ``withTracking(options:_:onChange:)-(_,_,()->Void)``
///   scope costs to arm and fire, plus `apply`.
public func withContinuousTracking(
  options: TrackingOptions = [],
  _ apply: @escaping @Sendable (TrackingEvent) -> Void
) -> TrackingToken {
  let tracker = ContinuousTracker(options: options, apply: apply)
  tracker.read(TrackingEvent(kind: .initial))
  return TrackingToken(tracker)
}
