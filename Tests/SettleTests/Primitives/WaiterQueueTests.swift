// The package primitive on its own: every public wait is built on it.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `WaiterQueue` through `LockedState.wait(in:for:until:)`, as every owner uses it, with
/// several waiters at once: satisfied together, one by one, and in the order they came.
///
/// The waiters start with `Task.immediate`, which runs each up to its suspension before it
/// returns, so each is in the queue (or has returned) when the test changes the state. It is
/// new in the OS releases of 2025, hence the tests' availability; the Linux runtime has it.
/// Nothing here is isolated to an actor: a hop to one would be a suspension of its own, and
/// the waiter would queue later.
@Suite("WaiterQueue", .watched)
struct WaiterQueueTests {
  /// A count and the tasks waiting for it to reach theirs: the shape of `ValueRecorder`.
  struct Counted {
    var count = 0
    var waiters = WaiterQueue<Int>()
  }

  let state = LockedState(Counted())
  let returned = ValueRecorder<String>()

  /// Starts a task that waits until the count reaches `count`, then notes `name`.
  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  func startWaiter(_ name: String, for count: Int) -> Task<Void, Never> {
    Task.immediate { [state, returned] in
      await state.wait(in: \.waiters, for: count) { $0.count >= count }
      returned.record(name)
    }
  }

  /// Sets the count and takes the waiters it satisfies out of the queue, as owners do under
  /// their lock; the caller resumes them.
  func setCount(_ count: Int) -> [WaiterQueue<Int>.Continuation] {
    state.withLock { state in
      state.count = count
      return state.waiters.removeSatisfied { $0 <= count }
    }
  }

  var isQueueEmpty: Bool { state.withLock { $0.waiters.isEmpty } }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test(arguments: [2, 3])
  func severalWaitersSatisfiedAtOnceAreAllResumedInTheOrderTheyCame(waiters: Int) async throws {
    let names = (1...waiters).map { "waiter \($0)" }
    let tasks = names.map { startWaiter($0, for: 1) }
    #expect(returned.values.isEmpty, "nobody returns before the count is reached")
    let satisfied = setCount(1)
    #expect(satisfied.count == waiters, "one change satisfies every waiter at once")
    #expect(isQueueEmpty)
    // One at a time, each awaited before the next: the n-th continuation is the n-th waiter's.
    for (index, continuation) in satisfied.enumerated() {
      continuation.resume()
      try await tasks[index].valueBounded("\(names[index]), resumed \(index + 1)th, to return")
    }
    #expect(returned.values == names)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func waitersSatisfiedOneByOneAreResumedOneByOne() async throws {
    // They arrive in another order than their counts': each is resumed when its count is.
    let third = startWaiter("for 3", for: 3)
    let first = startWaiter("for 1", for: 1)
    let second = startWaiter("for 2", for: 2)
    #expect(returned.values.isEmpty)
    for (count, task) in [(1, first), (2, second), (3, third)] {
      let satisfied = setCount(count)
      #expect(satisfied.count == 1, "count \(count) satisfies exactly the waiter for it")
      for continuation in satisfied { continuation.resume() }
      try await task.valueBounded("the waiter for \(count) to return")
      #expect(returned.values == (1...count).map { "for \($0)" })
    }
    #expect(isQueueEmpty)
  }

  @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
  @Test func aJumpSatisfiesEveryWaiterBelowItAndNoneAbove() async throws {
    let below = [startWaiter("for 3", for: 3), startWaiter("for 5", for: 5)]
    let above = startWaiter("for 9", for: 9)
    let satisfied = setCount(5)
    #expect(satisfied.count == 2)
    for continuation in satisfied { continuation.resume() }
    for task in below { try await task.valueBounded("the waiters for 3 and 5 to return") }
    #expect(returned.values.sorted() == ["for 3", "for 5"])
    #expect(!isQueueEmpty, "the waiter for 9 still waits")
    // A count already reached does not queue at all.
    let reached = startWaiter("for 4", for: 4)
    try await reached.valueBounded("the waiter for a count already reached to return")
    above.cancel()
    try await above.valueBounded("the cancelled waiter to return")
    #expect(isQueueEmpty)
    #expect(returned.values.count == 4)
  }
}
