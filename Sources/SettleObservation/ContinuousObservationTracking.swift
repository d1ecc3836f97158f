import Observation
import Settle

/// Calls `apply` now and again after every change to an `@Observable` property it read,
/// re-arming itself on what each call reads, until the returned token is cancelled or
/// released. The counterpart of Settle's ``/Settle/withContinuousTracking(options:_:)`` for
/// models written with Apple's Observation.
///
/// ```swift
/// import Observation
/// import Settle
/// import SettleObservation
///
/// @MainActor @Observable final class Player {
///   var title = ""
///   var elapsed = 0
/// }
///
/// @MainActor final class NowPlayingLabel {
///   var text = ""
///   private var token: TrackingToken?
///
///   init(player: Player) {
///     token = withContinuousObservationTracking { [weak self, weak player] in
///       guard let self, let player else { return }
///       text = "\(player.title) \(player.elapsed) s"
///     }
///     // `text` is already set: the first call ran before the function returned.
///   }
/// }
/// ```
///
/// The first call runs before this function returns when the caller is on `apply`'s actor,
/// as it is by default (`apply` inherits the caller's actor), or when `apply` is nonisolated;
/// otherwise it is the first job of the observation on `apply`'s actor. Every later call runs
/// on `apply`'s actor after a change to a property the previous call read: changes made in
/// one synchronous stretch of that actor bring one call, which reads them all. Each call's
/// reads replace the previous call's.
///
/// Guarantees:
/// - **Calls never overlap** and come in order: after the first, one task, created here,
///   makes them all.
/// - **No change made on `apply`'s actor is missed.** Apple's public `withObservationTracking`
///   reports a change before the store; the call it brings is a job of its own on `apply`'s
///   actor, after the change. A model changed from another thread while a nonisolated `apply`
///   reads it can be read before the store; give `apply` the model's actor.
/// - **Nothing runs after cancellation.** Once ``/Settle/TrackingToken/cancel()`` returns, or
///   the token is released, `apply` is not called again, even for a change already on its
///   way to `apply`'s actor: the check is made there, right before the call.
/// - **The observed models hold nothing strongly** but a small closure that fires once; the
///   token holds the task, and the task holds `apply` and what it captures. Releasing or
///   cancelling the token ends the task. A model's release is not a change: it calls
///   nothing.
///
/// Unlike Apple's `withContinuousObservation(options:apply:)` (iOS 27, macOS 27), which can
/// call back before or after the store and on an object's deinit, this function has one
/// moment, after the change on `apply`'s actor, and runs from iOS 17, macOS 14 and on Linux.
///
/// - Parameters:
///   - isolation: The caller's actor, by default; when it is `apply`'s, the first call runs
///     at once.
///   - apply: The reads to track, run on the isolation it was written in.
/// - Returns: The token that keeps the observation running (see ``/Settle/TrackingToken``).
/// - Complexity: one task for the observation's whole life; per call, one run of `apply`, one
///   `withObservationTracking` and, when the task is not on `apply`'s actor, one hop to it.
public func withContinuousObservationTracking(
  isolation: isolated (any Actor)? = #isolation,
  @_inheritActorContext _ apply: @escaping @isolated(any) @Sendable () -> Void
) -> TrackingToken {
  let emit = TrackedValuesEmit<Void>(element: apply)
  let link = TrackedValuesLink()
  let runsHere = emit.isolation.map { $0 === isolation } ?? true
  if runsHere {
    _ = ObservationReading.read(emit, into: link, on: isolation)
  }
  let observation = ContinuousObservation(
    ValuesIteration(emit: emit, link: link, started: runsHere))
  return TrackingToken(stoppingWith: observation.cancel)
}
