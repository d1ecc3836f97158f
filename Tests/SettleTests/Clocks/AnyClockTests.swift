import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("AnyClock", .watched)
struct AnyClockTests {
  @Test func instantsAreOffsetsFromTheWrappedClocksNowAtWrapping() async {
    let manual = ManualClock(now: .init(offset: .seconds(5)))
    let clock = AnyClock(manual)
    #expect(clock.now.offset == .zero)
    await manual.advance(by: .milliseconds(300))
    #expect(clock.now.offset == .milliseconds(300))
    let start = AnyClock<Duration>.Instant(offset: .zero)
    #expect(start.duration(to: clock.now) == .milliseconds(300))
    #expect(start < clock.now)
    #expect(start.advanced(by: .milliseconds(300)) == clock.now)
    #expect(clock.now.description == "t+0.3 seconds")
    #expect(clock.minimumResolution == manual.minimumResolution)
  }

  @Test func aManualClockSeesTheSleepsMadeThroughTheWrapper() async throws {
    let manual = ManualClock()
    let clock = AnyClock(manual)
    let woke = ValueRecorder<Duration>()
    let sleeper = Task {
      try await clock.sleep(until: clock.now.advanced(by: .seconds(2)))
      woke.record(clock.now.offset)
    }
    try await bounded("the sleep to register on the ManualClock") {
      await manual.waitForSleepers(count: 1)
    }
    #expect(manual.sleeperCount == 1)
    await manual.advance(by: .seconds(1))
    #expect(woke.values.isEmpty)
    try await manual.run()
    try await bounded("the sleeper to wake") { try await sleeper.value }
    #expect(woke.values == [.seconds(2)])
  }

  @Test func cancellingASleepThroughTheWrapperThrows() async throws {
    let manual = ManualClock()
    let clock = AnyClock(manual)
    let sleeper = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
    try await bounded("the sleep to register") { await manual.waitForSleepers(count: 1) }
    sleeper.cancel()
    let result = try await bounded("the cancelled sleep") { await sleeper.result }
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(manual.sleeperCount == 0)
  }

  @Test func aDebouncerOnAnErasedManualClockRunsTheLastValueOnce() async throws {
    let manual = ManualClock()
    let ran = ValueRecorder<String>()
    let debouncer = Debouncer(for: .milliseconds(300), clock: AnyClock(manual)) { ran.record($0) }
    debouncer.send("s")
    debouncer.send("sw")
    try await bounded("the debouncer's timer asleep") { await manual.waitForSleepers(count: 1) }
    await manual.advance(by: .milliseconds(299))
    #expect(ran.values.isEmpty)
    await manual.advance(by: .milliseconds(1))
    try await bounded("the debouncer to be idle") { await debouncer.waitUntilIdle() }
    #expect(ran.values == ["sw"])
  }

  @Test func theOperatorsTakeAnErasedClock() async throws {
    let manual = ManualClock()
    let clock = AnyClock(manual)
    let (values, input) = AsyncStream.makeStream(of: Int.self)
    input.yield(1)
    input.yield(2)
    input.finish()
    var debounced = values.debounced(for: .seconds(1), clock: clock).makeAsyncIterator()
    #expect(try await debounced.nextBounded() == 2)
    let throttled = AsyncStream<Int> { $0.finish() }.throttled(for: .seconds(1), clock: clock)
    var iterator = throttled.makeAsyncIterator()
    #expect(try await iterator.nextBounded() == nil)
  }
}
