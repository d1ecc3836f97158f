import Settle

/// A `Clock` whose time moves only when a test moves it.
///
/// `ManualClock` makes timing deterministic: nothing that sleeps on it wakes until
/// ``advance(by:)``, ``advance(to:)`` or ``run(maximumSteps:)`` reaches its deadline, and the
/// handshake ``waitForSleepers(count:)`` lets a test wait until the code under test is asleep
/// instead of guessing with `Task.yield()` loops or real sleeps.
///
/// Guarantees:
/// - Sleepers wake in deadline order, and in the order they went to sleep for equal deadlines.
/// - Each sleeper is resumed after ``now`` has been set to its deadline. Woken tasks run
///   concurrently with the rest of the advance, which keeps moving ``now`` towards its target,
///   so work a sleeper does after waking may read a later ``now``. When that matters, advance
///   one step at a time (to each deadline in turn) and let the woken work settle in between.
/// - A sleep whose deadline is at or before ``now`` returns at once; a cancelled sleep throws
///   `CancellationError`, also when the cancellation arrived before the sleep was registered.
/// - No continuation is resumed while the clock's lock is held.
///
/// ```swift
/// import Settle
/// import SettleTesting
///
/// let clock = ManualClock()
/// let debouncer = Debouncer(for: .milliseconds(300), clock: clock) { (query: String) in
///   print("search for", query)
/// }
/// debouncer.send("s")
/// debouncer.send("se")
/// await clock.waitForSleepers(count: 1)  // the timer sleeps: now time may move
/// await clock.advance(by: .milliseconds(300))
/// await debouncer.waitUntilIdle()   // printed "search for se", once
/// ```
///
/// `ManualClock` does not import `Testing` or `XCTest`; it works in previews and tools too.
public final class ManualClock: Clock, @unchecked Sendable {
  /// Virtual time is measured in `Swift.Duration`.
  public typealias Duration = Swift.Duration

  private struct Sleeper {
    let id: UInt64
    let deadline: Instant
    let continuation: UnsafeContinuation<Void, any Error>
  }

  private struct State {
    var now: Instant
    /// Sorted by deadline, then by registration order (ids grow), so index 0 wakes first.
    var sleepers: [Sleeper] = []
    /// The sleeps that have an id but no continuation yet: the same cancellation rule as
    /// every `waitUntilIdle()` (a cancelled sleep throws at once, even from that gap). The
    /// sleepers themselves are not a `WaiterQueue`: they are kept in deadline order, woken
    /// in that order by an advance, and throw when cancelled.
    var reservations = WaiterReservations()
    var countWaiters = WaiterQueue<Int>()

    /// Removes and returns the waiters whose count is now reached.
    mutating func satisfiedCountWaiters() -> [WaiterQueue<Int>.Continuation] {
      let count = sleepers.count
      return countWaiters.removeSatisfied { $0 <= count }
    }
  }

  private let state: LockedState<State>

  /// Creates a clock that reads `now` until it is advanced.
  ///
  /// - Parameter now: The starting instant; zero by default.
  public init(now: Instant = Instant(offset: .zero)) {
    state = LockedState(State(now: now))
  }

  /// The clock's current virtual time.
  public var now: Instant {
    state.withLock { $0.now }
  }

  /// Zero: virtual time has no granularity.
  public var minimumResolution: Duration { .zero }

  /// The number of tasks currently suspended in ``sleep(until:tolerance:)``.
  public var sleeperCount: Int {
    state.withLock { $0.sleepers.count }
  }

  /// Suspends until an advance reaches `deadline`.
  ///
  /// Returns at once when `deadline` is at or before ``now``. Throws `CancellationError` when
  /// the task is cancelled, whether the cancellation comes before or after the sleep is
  /// registered. `tolerance` is ignored: virtual time is exact.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { $0.reservations.reserve() }
    try await withTaskCancellationHandler {
      try await withUnsafeThrowingContinuation {
        (continuation: UnsafeContinuation<Void, any Error>) in
        enum Registration {
          case cancelled, due
          case asleep([WaiterQueue<Int>.Continuation])
        }
        let registration = state.withLock { state -> Registration in
          guard state.reservations.end(id) else { return .cancelled }
          if deadline <= state.now { return .due }
          let sleeper = Sleeper(id: id, deadline: deadline, continuation: continuation)
          // Binary search for the first sleeper due strictly later: equal deadlines keep FIFO.
          var low = 0
          var high = state.sleepers.count
          while low < high {
            let middle = (low + high) / 2
            if state.sleepers[middle].deadline <= deadline {
              low = middle + 1
            } else {
              high = middle
            }
          }
          state.sleepers.insert(sleeper, at: low)
          return .asleep(state.satisfiedCountWaiters())
        }
        switch registration {
        case .cancelled:
          continuation.resume(throwing: CancellationError())
        case .due:
          continuation.resume()
        case .asleep(let waiters):
          for waiter in waiters { waiter.resume() }
        }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
          return state.sleepers.remove(at: index)
        }
        state.reservations.cancelBeforeSuspending(id)
        return nil
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking every sleeper whose deadline it reaches.
  ///
  /// Equivalent to `advance(to: now.advanced(by: duration))`.
  ///
  /// - Precondition: `duration` is not negative.
  public func advance(by duration: Duration) async {
    precondition(
      duration >= .zero,
      "ManualClock.advance(by:) was given \(duration); time only moves forward, so pass zero or more."
    )
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking due sleepers one by one.
  ///
  /// Sleepers wake in deadline order (FIFO for equal deadlines). Before each is resumed,
  /// ``now`` is set to its deadline; after the last, ``now`` is `deadline`. A sleeper that
  /// registers during the advance with a deadline inside the range is woken by it too.
  /// Woken tasks run concurrently with the rest of the advance: to act after their work has
  /// settled, wait on the code under test (for example `Debouncer.waitUntilIdle()`) or on
  /// ``waitForSleepers(count:)``. Settle's `debounced` and `throttled` need no such wait before
  /// the next element: a value whose deadline the advance passed is settled before anything
  /// that arrives after it (see `DebouncedSequence`).
  ///
  /// - Precondition: `deadline` is not before ``now``.
  public func advance(to deadline: Instant) async {
    let start = now
    precondition(
      deadline >= start,
      "ManualClock.advance(to: \(deadline)) would move time backwards from \(start); advance to \(start) or later."
    )
    while true {
      let next = state.withLock { state -> Sleeper? in
        guard let first = state.sleepers.first, first.deadline <= deadline else {
          if state.now < deadline { state.now = deadline }
          return nil
        }
        state.sleepers.removeFirst()
        if state.now < first.deadline { state.now = first.deadline }
        return first
      }
      guard let next else { return }
      next.continuation.resume()
    }
  }

  /// Advances to each next deadline until no sleeper remains.
  ///
  /// Use it to drain timers whose number you don't want to spell out. It looks at the sleepers
  /// registered when it checks, so work that goes back to sleep later than that is not seen.
  ///
  /// - Parameter maximumSteps: How many deadlines it may advance through before it concludes
  ///   that a timer re-arms itself forever.
  /// - Throws: ``RunLimitExceeded`` after `maximumSteps` advances with sleepers still waiting.
  public func run(maximumSteps: Int = 10_000) async throws {
    precondition(
      maximumSteps > 0, "ManualClock.run(maximumSteps:) needs at least 1 step, got \(maximumSteps)."
    )
    for _ in 0..<maximumSteps {
      guard let deadline = state.withLock({ $0.sleepers.first?.deadline }) else { return }
      await advance(to: deadline)
    }
    let remaining = state.withLock { $0.sleepers.count }
    if remaining > 0 {
      throw RunLimitExceeded(steps: maximumSteps, remainingSleepers: remaining, now: now)
    }
  }

  /// The sleepers' ids, first to wake first (see ``sleepersInWakeOrder``).
  var sleeperIDsInWakeOrder: [UInt64] {
    state.withLock { $0.sleepers.map(\.id) }
  }

  /// Suspends until at least `count` tasks sleep on this clock.
  ///
  /// The handshake for tests: after `send`, wait until the timer is asleep, then advance.
  /// Returns at once if the count is already reached, and returns early if the waiting task
  /// is cancelled.
  public func waitForSleepers(count: Int) async {
    await state.wait(in: \.countWaiters, for: count) { $0.sleepers.count >= count }
  }
}
