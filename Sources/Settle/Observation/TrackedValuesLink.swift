/// The shared part of one ``TrackedValues`` iterator: what its armed scope reports to.
///
/// Scopes hold the link weakly, so a dropped iterator frees it, and its deinit disarms the
/// scope: an abandoned iterator leaves no registration behind.
package final class TrackedValuesLink: Sendable {
  private let state = LockedState(TrackedValuesState())

  package init() {}

  deinit {
    let scope = state.withLock { $0.scope }
    scope?.cancel()
  }

  /// Runs `value` in a fresh after-store scope that reports here.
  package func read<Element>(_ value: () -> Element?) -> Element? {
    let recorder = AccessRecorder()
    let element = TrackingContext.recording(into: recorder, value)
    let scope = TrackingScope(
      options: .afterStore,
      callback: { [weak self] in self?.changed() },
      onDiscard: { [weak self] in self?.end() })
    state.withLock { $0.scope = scope }
    scope.install(recorder)
    return element
  }

  /// Disarms the latest scope.
  package func cancel() {
    let scope = state.withLock { $0.scope }
    scope?.cancel()
  }

  /// Suspends until the latest scope reports a change, the objects are gone, or the task is
  /// cancelled.
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
