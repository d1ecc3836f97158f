/// The hand-off between one values iterator (``ValuesIteration``) and the tracking it armed.
///
/// A pure state machine: events return what to do, and the caller resumes the returned
/// waiter after releasing the lock. Generic over the waiter, so that the explorations drive
/// it with plain numbers where ``TrackedValuesLink`` stores a continuation.
@usableFromInline
package struct ValuesWakeState<Waiter> {
  private enum Phase {
    case armed
    case changed
    case waiting(Waiter)
    case ended
  }

  private var phase = Phase.armed
  /// The scope armed by the latest read, cancelled when the iterator goes away.
  package weak var scope: TrackingScope?

  package init() {}

  /// A change arrived; returns the waiter to resume with `.changed`, if one waits.
  package mutating func changed() -> Waiter? {
    switch phase {
    case .armed:
      phase = .changed
      return nil
    case .waiting(let waiter):
      phase = .armed
      return waiter
    case .changed, .ended:
      return nil
    }
  }

  /// The task was cancelled or the scope's objects are gone; returns the waiter to resume with
  /// `.ended`, if one waits.
  package mutating func end() -> Waiter? {
    defer { phase = .ended }
    if case .waiting(let waiter) = phase, !SeededFault.isSeeded(.endForgetsTheWaiter) {
      return waiter
    }
    return nil
  }

  /// `next()` asks without waiting: returns a change or the end already known, or `nil` when it
  /// has to wait (see ``wait(_:)``).
  package mutating func takeReady() -> ValuesWake? {
    switch phase {
    case .changed:
      phase = .armed
      return .changed
    case .ended:
      return .ended
    case .armed:
      return nil
    case .waiting:
      preconditionFailure("TrackedValues: next() called while another next() is suspended")
    }
  }

  /// `next()` wants a change; returns the answer now, or `nil` after storing the waiter.
  package mutating func wait(_ waiter: Waiter) -> ValuesWake? {
    switch phase {
    case .armed:
      phase = .waiting(waiter)
      return nil
    case .changed:
      if SeededFault.isSeeded(.waitSleepsThroughAChange) {
        phase = .waiting(waiter)
        return nil
      }
      phase = .armed
      return .changed
    case .ended:
      return .ended
    case .waiting:
      preconditionFailure("TrackedValues: next() called while another next() is suspended")
    }
  }

  /// The waiter stored while the iterator waits: for the explorations' fingerprints, so that a
  /// stale waiter cannot hide behind the right phase.
  package var storedWaiter: Waiter? {
    if case .waiting(let waiter) = phase { return waiter }
    return nil
  }

  /// The phase's name: for the explorations' fingerprints and failure messages.
  package var phaseName: String {
    switch phase {
    case .armed: "armed"
    case .changed: "changed"
    case .waiting: "waiting"
    case .ended: "ended"
    }
  }
}
