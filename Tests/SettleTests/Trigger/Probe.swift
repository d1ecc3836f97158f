import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Records what a runner's action did, and holds gated actions until the test lets them go.
///
/// Gates replace sleeps: a test waits until an action has *entered* (it is suspended at its
/// gate), changes something, then opens the gate, so every interleaving is chosen, not hoped
/// for.
///
/// Why not SettleTesting's `AsyncGate` and `ValueRecorder`, which look alike: a gated action
/// here must ignore cancellation (the runner tests need superseded runs that keep running and
/// end late), and `AsyncGate.wait()` returns when cancelled; and the waits are conditions on
/// the main actor (starts of one value, completions with their cancellation flag), where
/// `ValueRecorder` waits for a total count only.
@MainActor
final class Probe<Value: Equatable & Sendable> {
  struct Completion: Equatable, CustomStringConvertible {
    let value: Value
    let wasCancelled: Bool
    var description: String { "\(value)\(wasCancelled ? " (cancelled)" : "")" }
  }

  private(set) var started: [Value] = []
  private(set) var completions: [Completion] = []
  /// Called as each action starts, before it waits: the place for re-entrant calls.
  var onStart: ((Value) -> Void)?

  private var gates: [(value: Value, continuation: CheckedContinuation<Void, Never>)] = []
  private var isOpen = false
  private var waiters: [(condition: () -> Bool, continuation: CheckedContinuation<Void, Never>)] =
    []

  /// The values of runs that completed without being cancelled.
  var uncancelled: [Value] { completions.filter { !$0.wasCancelled }.map(\.value) }

  /// An action that ignores cancellation: it waits at its gate until the test opens it.
  var gatedAction: @MainActor @Sendable (Value) async -> Void {
    { [self] value in
      begin(value)
      if !isOpen {
        await withCheckedContinuation { gates.append((value, $0)) }
      }
      end(value)
    }
  }

  /// A cooperative action: it sleeps on `clock` for a second and stops early when cancelled.
  func cooperativeAction(_ clock: ManualClock) -> @MainActor @Sendable (Value) async -> Void {
    { [self] value in
      begin(value)
      try? await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
      end(value)
    }
  }

  /// Lets the oldest gated action for `value` continue.
  func open(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let index = gates.firstIndex(where: { $0.value == value }) else {
      Issue.record("no action for \(value) waits at a gate", sourceLocation: sourceLocation)
      return
    }
    gates.remove(at: index).continuation.resume()
  }

  /// Lets every gated action continue, now and from now on.
  func openAll() {
    isOpen = true
    let waiting = gates
    gates = []
    for gate in waiting { gate.continuation.resume() }
  }

  /// Suspends until an action for `value` has started `times` times; bounded, so a run that
  /// never starts fails the test by name.
  func waitUntilStarted(
    _ value: Value, times: Int = 1, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "an action for \(value) to start \(times) time(s) (started: \(started))",
      sourceLocation: sourceLocation
    ) { @MainActor in
      await self.wait { self.started.count(where: { $0 == value }) >= times }
    }
  }

  /// Suspends until `count` actions have completed; bounded, like
  /// ``waitUntilStarted(_:times:sourceLocation:)``.
  func waitUntilCompleted(count: Int, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try await bounded(
      "\(count) actions to complete (completed: \(completions))", sourceLocation: sourceLocation
    ) { @MainActor in
      await self.wait { self.completions.count >= count }
    }
  }

  private func wait(until condition: @escaping () -> Bool) async {
    guard !condition() else { return }
    await withCheckedContinuation { waiters.append((condition, $0)) }
  }

  private func begin(_ value: Value) {
    started.append(value)
    onStart?(value)
    wakeWaiters()
  }

  private func end(_ value: Value) {
    completions.append(Completion(value: value, wasCancelled: Task.isCancelled))
    wakeWaiters()
  }

  private func wakeWaiters() {
    let ready = waiters.filter { $0.condition() }
    waiters.removeAll { $0.condition() }
    for waiter in ready { waiter.continuation.resume() }
  }
}
