/// A machine that can say, before a send, whether the send would be dispatched at once.
@usableFromInline
package protocol DispatchesAtOnce: TimedStateMachine {
  /// Whether a value sent at `now` would be dispatched at once.
  func dispatchesAtOnce(at now: Instant) -> Bool
}

extension RateLimitStateMachine: DispatchesAtOnce {}
