/// A type-erased clock: one type for a model that runs on `ContinuousClock` in the app and on
/// a `ManualClock` in its tests.
///
/// `any Clock<Duration>` cannot be the clock of a ``Debouncer`` or a ``Throttler``: they are
/// generic over their clock, and an existential does not conform to `Clock`. Store an
/// `AnyClock<Duration>` instead, and the debouncer's type has one spelling,
/// `Debouncer<String, AnyClock<Duration>>`:
///
/// ```swift
/// @MainActor final class SearchModel {
///   private(set) var results: [String] = []
///   private let clock: AnyClock<Duration>
///   private lazy var search: Debouncer<String, AnyClock<Duration>> = Debouncer(
///     for: .milliseconds(300), clock: clock
///   ) { @MainActor [weak self] query in
///     self?.results = ["results for \(query)"]
///   }
///
///   /// The app passes nothing; a test passes `AnyClock(manualClock)`.
///   init(clock: AnyClock<Duration> = AnyClock(ContinuousClock())) {
///     self.clock = clock
///   }
///
///   func queryChanged(_ query: String) { search.send(query) }
/// }
/// ```
///
/// A test passes `AnyClock(manualClock)` and moves the `ManualClock` it kept, as it would
/// without the wrapper (see <doc:GettingStarted>).
///
/// Guarantees:
/// - Every call goes to the wrapped clock: `now`, `sleep(until:tolerance:)` (with the same
///   tolerance) and cancellation behave as the wrapped clock's do. Sleeps made through the
///   wrapper are the wrapped clock's sleeps, so a `ManualClock`'s `waitForSleepers(count:)`,
///   `advance(by:)` and `run()` see them.
/// - Instants are offsets from the wrapped clock's `now` when the wrapper was made; they
///   compare and subtract like the wrapped clock's instants. Instants of two different
///   wrappers do not share an origin: compare only instants of one clock.
///
/// - Complexity: each call costs one indirect call on top of the wrapped clock's own work.
public struct AnyClock<Duration: DurationProtocol & Hashable>: Clock, Sendable {
  @usableFromInline
  let offsetNow: @Sendable () -> Duration
  @usableFromInline
  let sleepUntilOffset: @Sendable (Duration, Duration?) async throws -> Void
  @usableFromInline
  let resolution: @Sendable () -> Duration

  /// Wraps `clock`.
  ///
  /// ```swift
  /// let clock = AnyClock(SuspendingClock())  // time that stops while the device sleeps
  /// let start = clock.now
  /// try await clock.sleep(until: start.advanced(by: .milliseconds(10)))
  /// print(start.duration(to: clock.now))  // about 10 ms
  /// ```
  public init<C: Clock>(_ clock: C) where C.Duration == Duration {
    let origin = clock.now
    offsetNow = { origin.duration(to: clock.now) }
    sleepUntilOffset = { offset, tolerance in
      try await clock.sleep(until: origin.advanced(by: offset), tolerance: tolerance)
    }
    resolution = { clock.minimumResolution }
  }

  /// The wrapped clock's current instant, as an offset from this wrapper's origin.
  @inlinable
  public var now: Instant { Instant(offset: offsetNow()) }

  /// The wrapped clock's minimum resolution.
  public var minimumResolution: Duration { resolution() }

  /// Sleeps on the wrapped clock until `deadline`, passing `tolerance` on.
  ///
  /// - Throws: What the wrapped clock's sleep throws; `CancellationError` when the task is
  ///   cancelled, for the clocks in the standard library and `ManualClock`.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try await sleepUntilOffset(deadline.offset, tolerance)
  }
}
