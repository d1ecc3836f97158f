/// The shared part of one values iterator (``ValuesIteration``): what its armed tracking
/// reports to.
///
/// Scopes hold the link weakly, so a dropped iterator frees it, and its deinit disarms the
/// scope: an abandoned iterator leaves no registration behind.
@usableFromInline
package final class TrackedValuesLink: Sendable {
  private let state = LockedState(State())

  @usableFromInline
  package init() {}

  deinit {
    let scope = state.withLock { $0.scope }
    scope?.cancel()
  }

  /// Runs `body` in a fresh after-store scope that reports here; call it on the isolation of
  /// the closure that `body` runs (see ``TrackedValuesEmit/read(_:into:on:)``).
  @usableFromInline
  package func readTracked(_ body: () -> Void) {
    TrackingScope.arm(recording: body) {
      let scope = TrackingScope(
        options: .afterStore,
        callback: { [weak self] in self?.changed() },
        onDiscard: { [weak self] in self?.end() })
      state.withLock { $0.scope = scope }
      return scope
    }
  }

  /// A change already reported, or the end, taken without suspending; `nil` when `next()`
  /// has to wait in ``nextChange(isolation:)``.
  @usableFromInline
  package func takeReadyWake() -> State.Wake? {
    state.withLock { $0.takeReady() }
  }

  /// Disarms the latest scope.
  @usableFromInline
  package func cancel() {
    let scope = state.withLock { $0.scope }
    scope?.cancel()
  }

  /// Suspends until the latest scope reports a change, the objects are gone, or the task is
  /// cancelled.
  @usableFromInline
  package func nextChange(isolation actor: isolated (any Actor)?) async -> State.Wake {
    await withTaskCancellationHandler(
      operation: {
        await withUnsafeContinuation(isolation: actor) { continuation in
          if let wake = state.withLock({ $0.wait(continuation) }) {
            continuation.resume(returning: wake)
          }
        }
      },
      onCancel: { end() },
      isolation: actor)
  }

  /// Reports a change of what the last read read: wakes a suspended iterator, or leaves the
  /// change for its next `next()`. Called by the tracking the read armed, on the writing thread.
  @usableFromInline
  package func changed() {
    state.withLock { $0.changed() }?.resume(returning: .changed)
  }

  private func end() {
    state.withLock { $0.end() }?.resume(returning: .ended)
  }
}

extension TrackedValuesLink {
  /// The hand-off between one ``TrackedValues`` iterator and the scope it armed.
  ///
  /// A pure state machine: events return what to do, and the caller resumes continuations after
  /// releasing the lock.
  @usableFromInline
  package struct State {
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
}
