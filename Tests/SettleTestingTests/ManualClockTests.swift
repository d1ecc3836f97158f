// Uses `sleepersInWakeOrder` (package) in one test: the order in which an advance resumes
// equal-deadline sleepers is the clock's promise, and their tasks then run concurrently.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("ManualClock.Instant", .watched)
struct ManualClockInstantTests {
  @Test func arithmeticAndOrdering() {
    let zero = ManualClock.Instant(offset: .zero)
    let later = zero.advanced(by: .milliseconds(300))
    #expect(later.offset == .milliseconds(300))
    #expect(zero.duration(to: later) == .milliseconds(300))
    #expect(later.duration(to: zero) == .milliseconds(-300))
    #expect(zero < later)
    #expect(!(later < zero))
    #expect(Set([zero, later, zero.advanced(by: .zero)]).count == 2)
  }

  @Test func descriptionShowsOffset() {
    let instant = ManualClock.Instant(offset: .seconds(2))
    #expect(instant.description == "t+2.0 seconds")
  }
}

@Suite("ManualClock", .watched)
struct ManualClockTests {
  @Test func startsAtZeroByDefaultOrAtTheGivenInstant() {
    #expect(ManualClock().now == ManualClock.Instant(offset: .zero))
    #expect(ManualClock().minimumResolution == .zero)
    let clock = ManualClock(now: .init(offset: .seconds(5)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func sleepAtOrBeforeNowReturnsWithoutAdvancing() async throws {
    let clock = ManualClock(now: .init(offset: .seconds(1)))
    try await clock.sleep(until: clock.now)
    try await clock.sleep(until: .init(offset: .zero))
    #expect(clock.now.offset == .seconds(1))
    #expect(clock.sleeperCount == 0)
  }

  @Test func sleeperWakesOnlyWhenAnAdvanceReachesItsDeadline() async throws {
    let clock = ManualClock()
    let woke = ValueRecorder<ManualClock.Instant>()
    let sleeper = Task {
      try await clock.sleep(until: .init(offset: .seconds(5)))
      woke.record(clock.now)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    #expect(woke.values.isEmpty)
    await clock.advance(by: .seconds(1))
    try await sleeper.valueBounded("the sleeper to wake at its deadline")
    #expect(woke.values == [.init(offset: .seconds(5))])
    #expect(clock.sleeperCount == 0)
  }

  /// The order of resumption is what the clock promises; the woken tasks then run
  /// concurrently, so their own code may run in any order (a version of this test that
  /// recorded that order failed on a busy machine). The order is read where the clock keeps
  /// it, and the advance is checked to wake every sleeper.
  @Test func wakesInDeadlineOrderAndFIFOForEqualDeadlines() async throws {
    let clock = ManualClock()
    let woke = ValueRecorder<String>()
    var names: [UInt64: String] = [:]
    var tasks: [Task<Void, any Error>] = []
    for (name, seconds) in [("A", 3), ("B", 1), ("C", 1), ("D", 2)] {
      let before = Set(clock.sleepersInWakeOrder)
      tasks.append(
        Task {
          try await clock.sleep(until: .init(offset: .seconds(seconds)))
          woke.record(name)
        })
      try await clock.waitForSleepersBounded(count: tasks.count)
      let registered = try #require(clock.sleepersInWakeOrder.first { !before.contains($0) })
      names[registered] = name
    }
    #expect(clock.sleepersInWakeOrder.compactMap { names[$0] } == ["B", "C", "D", "A"])
    await clock.advance(to: .init(offset: .seconds(10)))
    for task in tasks { try await task.valueBounded("every sleeper to wake") }
    #expect(woke.values.sorted() == ["A", "B", "C", "D"])
    #expect(clock.sleeperCount == 0)
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func cancellationAfterRegistrationThrowsAndRemovesTheSleeper() async throws {
    let clock = ManualClock()
    for _ in 0..<1_000 {
      let sleeper = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
      try await clock.waitForSleepersBounded(count: 1)
      sleeper.cancel()
      let ended = try await sleeper.resultBounded("the cancelled sleeper to end")
      #expect(throws: CancellationError.self) { try ended.get() }
      #expect(clock.sleeperCount == 0)
    }
  }

  @Test func cancellationRacingRegistrationAlwaysThrows() async throws {
    let clock = ManualClock()
    // The cancel lands before, during or after registration, depending on scheduling;
    // every ordering must throw and leave no sleeper behind.
    for _ in 0..<1_000 {
      let sleeper = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
      sleeper.cancel()
      let ended = try await sleeper.resultBounded("the cancelled sleeper to end")
      #expect(throws: CancellationError.self) { try ended.get() }
    }
    #expect(clock.sleeperCount == 0)
  }

  @Test func cancelledTaskThrowsEvenWhenTheDeadlineHasPassed() async throws {
    let clock = ManualClock()
    await clock.advance(by: .seconds(2))
    let passed = ManualClock.Instant(offset: .seconds(1))
    #expect(passed < clock.now)  // an uncancelled sleep until it would return at once
    try await confirmation { threw in
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        do { try await clock.sleep(until: passed) } catch { threw() }
      }
      try await task.valueBounded("the cancelled sleep to return")
    }
    #expect(clock.sleeperCount == 0)
  }

  @Test func advanceByAccumulates() async {
    let clock = ManualClock()
    await clock.advance(by: .milliseconds(250))
    await clock.advance(by: .milliseconds(50))
    await clock.advance(by: .zero)
    #expect(clock.now.offset == .milliseconds(300))
  }

  @Test func runDrainsEverySleeperAndEndsAtTheLastDeadline() async throws {
    let clock = ManualClock()
    let tasks = (1...3).map { seconds in
      Task { try await clock.sleep(until: .init(offset: .seconds(seconds))) }
    }
    try await clock.waitForSleepersBounded(count: 3)
    try await clock.run()
    for task in tasks { try await task.valueBounded("every sleeper to wake") }
    #expect(clock.now.offset == .seconds(3))
    #expect(clock.sleeperCount == 0)
  }

  @Test func runThrowsInsteadOfHangingPastItsStepBound() async throws {
    let clock = ManualClock()
    let tasks = (1...20).map { seconds in
      Task { try await clock.sleep(until: .init(offset: .seconds(seconds))) }
    }
    try await clock.waitForSleepersBounded(count: 20)
    await #expect(throws: ManualClock.RunLimitExceeded.self) {
      try await clock.run(maximumSteps: 10)
    }
    #expect(clock.now.offset == .seconds(10))
    #expect(clock.sleeperCount == 10)
    for task in tasks { task.cancel() }
    for task in tasks { _ = try await task.resultBounded("the cancelled sleepers to end") }
  }

  @Test func waitForSleepersReturnsOnceTheCountIsReached() async throws {
    let clock = ManualClock()
    try await clock.waitForSleepersBounded(count: 0)
    let first = Task { try await clock.sleep(until: .init(offset: .seconds(1))) }
    let second = Task { try await clock.sleep(until: .init(offset: .seconds(2))) }
    try await clock.waitForSleepersBounded(count: 2)
    #expect(clock.sleeperCount == 2)
    await clock.advance(by: .seconds(2))
    try await first.valueBounded("the first sleeper to wake")
    try await second.valueBounded("the second sleeper to wake")
  }

  @Test func waitForSleepersReturnsWhenCancelled() async throws {
    let clock = ManualClock()
    let waiter = Task { await clock.waitForSleepers(count: 1) }
    waiter.cancel()
    try await waiter.valueBounded("waitForSleepers(count:) to return once cancelled")
    #expect(clock.sleeperCount == 0)
  }

  @Test func advancingBackwardsIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      let clock = ManualClock(now: .init(offset: .seconds(2)))
      await clock.advance(to: .init(offset: .seconds(1)))
    }
    await #expect(processExitsWith: .failure) {
      await ManualClock().advance(by: .seconds(-1))
    }
  }
}
