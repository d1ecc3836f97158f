/// The hand-off between one ``TrackedValues`` iterator and the scope it armed.
///
/// A pure state machine: events return what to do, and the caller resumes continuations after
/// releasing the lock.
@usableFromInline
package struct TrackedValuesState {
  /// What a suspended `next()` learns when it is resumed.
  @usableFromInline
  package enum Wake: Sendable, Equatable {
    /// A value the closure read changed: read it again.
    case changed
    /// The task was cancelled, or nothing read can change any more: end the sequence.
    case ended
  }

  private enum Phase {
    case armed
    case changed
    case waiting(UnsafeContinuation<Wake, Never>)
    case ended
  }

  private var phase = Phase.armed
  /// The scope armed by the latest read, cancelled when the iterator goes away.
  package weak var scope: TrackingScope?

  package init() {}

  /// A change arrived; returns a continuation to resume with `.changed`, if one waits.
  package mutating func changed() -> UnsafeContinuation<Wake, Never>? {
    switch phase {
    case .armed:
      phase = .changed
      return nil
    case .waiting(let continuation):
      phase = .armed
      return continuation
    case .changed, .ended:
      return nil
    }
  }

  /// The task was cancelled or the scope's objects are gone; returns a continuation to resume
  /// with `.ended`, if one waits.
  package mutating func end() -> UnsafeContinuation<Wake, Never>? {
    defer { phase = .ended }
    if case .waiting(let continuation) = phase { return continuation }
    return nil
  }

  /// `next()` asks without waiting: returns a change or the end already known, or `nil` when it
  /// has to wait (see ``wait(_:)``).
  package mutating func takeReady() -> Wake? {
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

  /// `next()` wants a change; returns the answer now, or `nil` after storing the continuation.
  package mutating func wait(_ continuation: UnsafeContinuation<Wake, Never>) -> Wake? {
    switch phase {
    case .armed:
      phase = .waiting(continuation)
      return nil
    case .changed:
      phase = .armed
      return .changed
    case .ended:
      return .ended
    case .waiting:
      preconditionFailure("TrackedValues: next() called while another next() is suspended")
    }
  }
}
