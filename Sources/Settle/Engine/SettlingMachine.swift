/// What the engine's waiters ask of its table: each ``TimedStateMachine``, and every
/// ``RunTable`` over all its keys.
@usableFromInline
package protocol SettlingMachine {
  associatedtype Instant: InstantProtocol
  /// Nothing is pending and no run is in flight: what `waitUntilIdle()` waits for.
  var isIdle: Bool { get }
  /// No run is in flight, and the timer, if any, sleeps toward a deadline after `now`:
  /// nothing happens until the clock moves past it or an event arrives.
  func isQuiescent(at now: Instant) -> Bool
}
