import Settle

/// The calls a timeline replay makes on a `Debouncer`, a `Throttler` or a `RateLimiter`, so
/// that one replay drives them all.
struct TimedRunsDriver: Sendable {
  var send: @Sendable (String) -> Void
  /// `sendAndWait` (or `sendAndWaitForResult`), for a timeline that shows what each caller
  /// learned: returns that, as the timeline writes it after the value (`"superseded"`,
  /// `"gets c"`).
  var sendAndWait: (@Sendable (String) async throws -> String)? = nil
  /// Inputs sent so far, so that a replay knows a `sendAndWait` task has sent its value.
  var inputsSent: @Sendable () -> UInt64 = { 0 }
  var cancel: @Sendable () -> Void
  /// Drops the replay's only reference to the owner (the call `!release`).
  var release: @Sendable () -> Void = {}
  /// `flush()`; `nil` for a rate limiter, which has none.
  var flush: (@Sendable () async -> Void)? = nil
  /// The scene enters the background (the call `!background`): what `flushOnBackground(_:)`
  /// does, through its core, returning once the flush it starts has returned.
  var enterBackground: @Sendable () async -> Void = {}
  /// Returns once no run is in flight and the timer, if any, sleeps toward a future deadline:
  /// nothing more can happen before the clock moves.
  var settle: @Sendable () async -> Void
  /// The owner itself, which must live as long as the replay.
  var keepAlive: any Sendable
}
