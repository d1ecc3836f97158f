import Settle

/// A one-shot latch: tasks that ``wait()`` suspend until someone calls ``open()``.
///
/// Use it to hold an action in the middle of its work, so a test decides exactly when it
/// continues, instead of sleeping and hoping:
///
/// ```swift
/// let clock = ManualClock()
/// let gate = AsyncGate()
/// let debouncer = Debouncer(for: .zero, clock: clock) { (_: Int) in
///   await gate.wait()            // the action is now "running" for as long as the test likes
/// }
/// debouncer.send(1)
/// // … assert what must hold while the action runs …
/// gate.open()
/// await debouncer.waitUntilIdle()
/// ```
///
/// Guarantees: ``open()`` is idempotent and resumes every waiter, outside the lock, in the
/// order they arrived; ``wait()`` after ``open()`` returns at once; a waiting task that is
/// cancelled returns early (check `Task.isCancelled` if that matters).
public final class AsyncGate: Sendable {
  private struct State {
    var isOpen = false
    var waiters = WaiterQueue<Void>()
  }

  private let state = LockedState(State())

  /// Creates a closed gate.
  public init() {}

  /// Whether ``open()`` has been called.
  public var isOpen: Bool {
    state.withLock { $0.isOpen }
  }

  /// Opens the gate for good and resumes everyone waiting.
  public func open() {
    let waiters = state.withLock { state in
      state.isOpen = true
      return state.waiters.removeSatisfied { true }
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until the gate is open, or the waiting task is cancelled.
  public func wait() async {
    await state.wait(in: \.waiters, for: ()) { $0.isOpen }
  }
}
