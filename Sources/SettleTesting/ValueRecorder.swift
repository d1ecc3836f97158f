import Settle

/// A thread-safe log of values, with a handshake to wait until a number of them arrived.
///
/// Record from any task or thread (an action, a callback, a consumer loop), then assert on
/// ``values`` once ``waitForCount(_:)`` says the work you expect has happened:
///
/// ```swift
/// let clock = ManualClock()
/// let ran = ValueRecorder<String>()
/// let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { ran.record($0) }
/// debouncer.send("a")
/// await clock.waitForSleepers(count: 1)
/// await clock.advance(by: .milliseconds(300))
/// await ran.waitForCount(1)
/// assert(ran.values == ["a"])
/// ```
///
/// - Complexity: ``record(_:)`` is amortised O(1) plus O(w) for w waiting tasks.
public final class ValueRecorder<Element: Sendable>: Sendable {
  private struct State {
    var values: [Element] = []
    var waiters = WaiterQueue<Int>()
  }

  private let state = LockedState(State())

  /// Creates an empty recorder.
  public init() {}

  /// Everything recorded so far, in recording order.
  public var values: [Element] {
    state.withLock { $0.values }
  }

  /// How many values were recorded.
  public var count: Int {
    state.withLock { $0.values.count }
  }

  /// Appends `value` and wakes the tasks waiting for this count.
  public func record(_ value: Element) {
    let waiters = state.withLock { state in
      state.values.append(value)
      let count = state.values.count
      return state.waiters.removeSatisfied { $0 <= count }
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Suspends until at least `count` values were recorded, or the waiting task is cancelled.
  public func waitForCount(_ count: Int) async {
    await state.wait(in: \.waiters, for: count) { $0.values.count >= count }
  }
}
