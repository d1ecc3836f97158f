/// The shared part of one ``TrackedValues`` iterator: what its armed scope reports to.
///
/// Scopes hold the link weakly, so a dropped iterator frees it, and its deinit disarms the
/// scope: an abandoned iterator leaves no registration behind.
@usableFromInline
package final class TrackedValuesLink: Sendable {
  private let state = LockedState(TrackedValuesState())

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
    let recorder = AccessRecorder()
    TrackingContext.recording(into: recorder, body)
    let scope = TrackingScope(
      options: .afterStore,
      callback: { [weak self] in self?.changed() },
      onDiscard: { [weak self] in self?.end() })
    state.withLock { $0.scope = scope }
    scope.install(recorder)
  }

  /// A change already reported, or the end, taken without suspending; `nil` when `next()`
  /// has to wait in ``nextChange(isolation:)``.
  @usableFromInline
  package func takeReadyWake() -> TrackedValuesState.Wake? {
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
  package func nextChange(isolation actor: isolated (any Actor)?) async -> TrackedValuesState.Wake {
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

  private func changed() {
    state.withLock { $0.changed() }?.resume(returning: .changed)
  }

  private func end() {
    state.withLock { $0.end() }?.resume(returning: .ended)
  }
}
