/// The calls a timeline replay makes on a `Debouncer` or a `Throttler`, so that one replay
/// drives both.
struct TimedRunsDriver: Sendable {
  var send: @Sendable (String) -> Void
  var cancel: @Sendable () -> Void
  var flush: @Sendable () async -> Void
  /// Returns once no run is in flight and the timer, if any, sleeps toward a future deadline:
  /// nothing more can happen before the clock moves.
  var settle: @Sendable () async -> Void
  /// The debouncer or throttler itself, which must live as long as the replay.
  var keepAlive: any Sendable
}
