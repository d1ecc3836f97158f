// Uses `LockedState` (package) only as a plain lock around test state; any lock would do.
import Settle
import SettleTesting
import Testing

/// A counter safe to touch from concurrent actions; returns the new value.
final class LockedCounter: Sendable {
  private let value = LockedState(0)

  @discardableResult
  func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  func decrement() { value.withLock { $0 -= 1 } }

  var current: Int { value.withLock { $0 } }
}

extension TimedStateMachine where Instant == ManualClock.Instant {
  /// A run returned, for a debounce's or a throttle's machine driven by hand: such a machine's
  /// sends and timer decide every run, so a return starts nothing, and this checks that.
  mutating func runReturnedStartingNothing(_ ticket: RunTicket<Value>) {
    let next = runReturned(ticket, at: ManualClock.Instant(offset: .zero))
    #expect(next.isNone, "a run's return started \(next)")
  }
}

extension KeyedStateMachine where Instant == ManualClock.Instant {
  /// ``TimedStateMachine/runReturnedStartingNothing(_:)`` for one key, at `now`: a key
  /// machine's return files its key again when it remembers past its entry, so the test's time
  /// matters.
  mutating func runReturnedStartingNothing(
    _ ticket: RunTicket<Value>, forKey key: Key, at now: Instant
  ) {
    let next = runReturned(ticket, forKey: key, at: now)
    #expect(next.isNone, "a run's return started \(next)")
  }
}

/// Mutable test state owned by the main actor, shared with `@MainActor` actions.
@MainActor final class MainBox<Value> {
  var value: Value

  init(_ value: Value) { self.value = value }
}

extension AsyncGate {
  /// Waits for the gate like `wait()`, but a cancelled task stays here until the gate opens:
  /// an action held this way is still running when the test looks, cancelled or not.
  func waitIgnoringCancellation() async {
    // Awaiting a task's value ignores the waiter's cancellation, and the child task is not
    // cancelled with it.
    await Task { await wait() }.value
  }
}

/// The error a test's `ManualSequence` fails with.
struct SourceFailure: Error {}
