/// The engine of ``withContinuousTracking(options:_:)``: one armed scope at a time, replaced by
/// the next reading each time it fires.
///
/// The order of a round is what makes "no write lost" hold: the scope that fired is disarmed
/// first (its one-shot claim), then the closure runs with recording on from before its first
/// read, and the new scope is installed over those reads with the versions they saw. A write
/// after a read is then either reported by the new scope (armed in time) or found by the
/// installation's version check, which fires the new scope at once; a write before a read is
/// what that read sees. Writes the closure makes itself are of the second kind.
///
/// Only the token holds the tracker strongly. A scope holds it weakly, because registries hold
/// scopes and objects hold registries: a strong reference would let a model that the closure
/// captures keep itself alive through its own registry after the token is gone.
package final class ContinuousTracker: Sendable {
  private let options: TrackingOptions
  private let apply: @Sendable (TrackingEvent) -> Void
  /// The armed scope (or the one being armed), and whether the token cancelled.
  private let state = LockedState(State())

  private struct State {
    var scope: TrackingScope?
    var isCancelled = false
  }

  /// What every scope of this tracker calls: the next round, through a weak reference. Made
  /// once, so that a round allocates no closure; written only here, before any round runs.
  nonisolated(unsafe) private var nextRound = TrackingScope.Callback.plain({})

  package init(options: TrackingOptions, apply: @escaping @Sendable (TrackingEvent) -> Void) {
    // Continuous tracking reads again as it calls back, and a reading made before the store
    // would see the old value: it always calls back after the store.
    self.options = options.union(.afterStore)
    self.apply = apply
    if SeededFault.isSeeded(.strongCapture) {
      nextRound = .event { event in self.read(event) }
    } else {
      nextRound = .event { [weak self] event in self?.read(event) }
    }
  }

  // Runs when the token is released, or when the last round running on another thread
  // returns after that: the scope it armed is the one disarmed here.
  deinit {
    cancel()
  }

  /// Runs one round: the closure with `event`, its reads recorded, then the next scope armed.
  ///
  /// A change found while arming fires the new scope on this thread, before this returns, and
  /// so runs the next round from inside this one.
  package func read(_ event: TrackingEvent) {
    TrackingScope.arm(recording: { apply(event) }, nextScope)
  }

  /// The scope of the next round, or `nil` once cancelled; stored before it is installed, so
  /// that a cancel racing the installation disarms it.
  private func nextScope() -> TrackingScope? {
    let scope = TrackingScope(options: options, callback: nextRound, isContinuous: true)
    let armed = state.withLock { state in
      guard !state.isCancelled else { return false }
      state.scope = scope
      return true
    }
    return armed ? scope : nil
  }

  /// Stops: disarms the armed scope, and no round starts after this returns, except one
  /// already running on another thread, which arms nothing.
  package func cancel() {
    let scope = state.withLock { state in
      state.isCancelled = true
      defer { state.scope = nil }
      return state.scope
    }
    scope?.cancel()
  }
}
