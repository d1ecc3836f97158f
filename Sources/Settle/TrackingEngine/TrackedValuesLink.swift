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
  package func takeReadyWake() -> ValuesWake? {
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
  package func nextChange(isolation actor: isolated (any Actor)?) async -> ValuesWake {
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
  /// The hand-off between one iterator and the tracking it armed, holding the iterator's
  /// continuation while it waits: ``ValuesWakeState``, whose waiter is a continuation here
  /// and a plain number in the explorations.
  @usableFromInline
  package typealias State = ValuesWakeState<UnsafeContinuation<ValuesWake, Never>>
}
