import Settle
import SettleTesting
import Testing

@Suite("Throttler")
struct ThrottlerTests {
  struct Fixture {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<String>>()
    let throttler: Throttler<String, ManualClock>

    init(latest: Bool = true) {
      let clock = clock
      let ran = ran
      throttler = Throttler(for: .milliseconds(300), latest: latest, clock: clock) { value in
        ran.record(Ran(value: value, at: clock.millis))
      }
    }
  }

  @Test func firstValueRunsAtOnceAndTheNewestRunsAtTheWindowsEndOnTheTimer() async {
    let fixture = Fixture()
    fixture.throttler.send("a")
    await fixture.ran.waitForCount(1)
    fixture.throttler.send("b")
    fixture.throttler.send("c")
    await fixture.clock.advance(ms: 299)
    await fixture.clock.waitForSleepers(count: 1)
    #expect(fixture.ran.values == [Ran(value: "a", at: 0)])
    await fixture.clock.advance(ms: 1)
    await fixture.throttler.waitUntilIdle()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "c", at: 300)])
  }

  @Test func firstModeRunsTheFirstValueOfTheWindow() async {
    let fixture = Fixture(latest: false)
    fixture.throttler.send("a")
    await fixture.ran.waitForCount(1)
    fixture.throttler.send("b")
    fixture.throttler.send("c")
    await fixture.clock.advance(ms: 300)
    await fixture.throttler.waitUntilIdle()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 300)])
  }

  @Test func aQuietWindowClosesAndTheNextValueRunsAtOnce() async {
    let fixture = Fixture()
    fixture.throttler.send("a")
    await fixture.throttler.waitUntilIdle()
    await fixture.clock.advance(ms: 300)
    fixture.throttler.send("b")
    await fixture.throttler.waitUntilIdle()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "b", at: 300)])
    #expect(fixture.throttler.timersStarted == 0)
  }

  @Test func cancelDropsTheWaitingValueAndClosesTheWindow() async {
    let fixture = Fixture()
    fixture.throttler.send("a")
    await fixture.throttler.waitUntilIdle()
    fixture.throttler.send("b")
    fixture.throttler.cancel()
    #expect(!fixture.throttler.isPending)
    fixture.throttler.send("c")  // the window is closed: runs at once
    await fixture.throttler.waitUntilIdle()
    await fixture.clock.advance(ms: 1000)
    await fixture.throttler.waitUntilIdle()
    #expect(fixture.ran.values == [Ran(value: "a", at: 0), Ran(value: "c", at: 0)])
  }

  @Test func flushRunsTheWaitingValueNow() async {
    let fixture = Fixture()
    fixture.throttler.send("a")
    fixture.throttler.send("b")
    await fixture.throttler.flush()
    #expect(fixture.ran.values.map(\.value) == ["a", "b"])
    await fixture.clock.advance(ms: 1000)
    await fixture.throttler.waitUntilIdle()
    #expect(fixture.ran.count == 2)
  }

  @Test func releasingTheThrottlerReleasesTheActionAndRunsNothingMore() async {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let lifetime = LifetimeTracker()
    var throttler: Throttler<Int, ManualClock>? = Throttler(
      for: .milliseconds(300), clock: clock
    ) { [token = lifetime.makeToken()] value in
      _ = token
      ran.record(value)
    }
    throttler?.send(1)
    await throttler?.waitUntilIdle()
    throttler?.send(2)
    await clock.waitForSleepers(count: 1)
    throttler = nil
    #expect(lifetime.liveCount == 0)
    await clock.advance(ms: 1000)
    #expect(ran.values == [1])
  }

  @Test func negativeIntervalIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      _ = Throttler(for: .seconds(-1), clock: ManualClock()) { (_: Int) in }
    }
  }
}
