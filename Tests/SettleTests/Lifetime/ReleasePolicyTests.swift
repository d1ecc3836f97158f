import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `onRelease: .runPending` runs what waits when the owner is released, once, at once, after
/// any running action, and then lets the action go; `.cancelPending` (the default) drops it.
@Suite("Release policy", .watched)
struct ReleasePolicyTests {
  @Test func aReleasedDebouncerRunsItsPendingValueOnceAndLetsTheActionGo() async throws {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    let saved = ValueRecorder<String>()
    var autosave: Debouncer<String, ManualClock>? = Debouncer(
      for: .seconds(2), onRelease: .runPending, clock: clock
    ) { [token = lifetime.makeToken()] draft in
      _ = token
      saved.record(draft)
    }
    autosave?.send("Dear")
    autosave?.send("Dear Ada")
    autosave = nil  // before the quiet period ends: the clock never moves
    try await saved.waitForCountBounded(1)
    try await lifetime.waitUntilReleasedBounded()
    #expect(saved.values == ["Dear Ada"])
    #expect(clock.sleeperCount == 0, "the timer ended with its owner")
  }

  @Test func withNothingPendingNothingRunsAndTheActionGoesAtOnce() async throws {
    let lifetime = LifetimeTracker()
    let saved = ValueRecorder<String>()
    var autosave: Debouncer<String, ManualClock>? = Debouncer(
      for: .seconds(2), onRelease: .runPending, clock: ManualClock()
    ) { [token = lifetime.makeToken()] draft in
      _ = token
      saved.record(draft)
    }
    _ = autosave
    autosave = nil
    try await lifetime.waitUntilReleasedBounded()
    #expect(saved.values.isEmpty)
  }

  @Test func aRunningActionFinishesUncancelledAndThePendingValueRunsAfterIt() async throws {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    let events = ValueRecorder<String>()
    let running = AsyncGate()
    var autosave: Debouncer<String, ManualClock>? = Debouncer(
      for: .seconds(1), options: DebounceOptions(leading: true), onRelease: .runPending,
      clock: clock
    ) { [token = lifetime.makeToken()] draft in
      _ = token
      events.record("start \(draft)")
      if draft == "a" { await running.wait() }
      events.record("end \(draft), cancelled: \(Task.isCancelled)")
    }
    autosave?.send("a")  // the leading edge: runs at once
    try await events.waitForCountBounded(1)
    autosave?.send("b")  // waits for the trailing edge, on a clock that never moves
    autosave = nil
    running.open()
    try await events.waitForCountBounded(4)
    try await lifetime.waitUntilReleasedBounded()
    #expect(
      events.values == [
        "start a", "end a, cancelled: false", "start b", "end b, cancelled: false",
      ])
  }

  @Test func theDefaultDropsThePendingValue() async throws {
    let lifetime = LifetimeTracker()
    let saved = ValueRecorder<String>()
    var search: Debouncer<String, ManualClock>? = Debouncer(
      for: .seconds(2), clock: ManualClock()
    ) { [token = lifetime.makeToken()] query in
      _ = token
      saved.record(query)
    }
    search?.send("dune")
    search = nil
    try await lifetime.waitUntilReleasedBounded()
    #expect(saved.values.isEmpty)
  }

  @Test func aReleasedThrottlerRunsTheValueWaitingForItsWindow() async throws {
    let clock = ManualClock()
    let lifetime = LifetimeTracker()
    let ran = ValueRecorder<Int>()
    var throttler: Throttler<Int, ManualClock>? = Throttler(
      for: .seconds(1), onRelease: .runPending, clock: clock
    ) { [token = lifetime.makeToken()] value in
      _ = token
      ran.record(value)
    }
    throttler?.send(1)
    throttler?.send(2)  // waits for the window's end
    try await ran.waitForCountBounded(1)
    throttler = nil
    try await ran.waitForCountBounded(2)
    try await lifetime.waitUntilReleasedBounded()
    #expect(ran.values == [1, 2])
  }

  @Test func aReleasedKeyedDebouncerRunsEveryKeysPendingValue() async throws {
    let lifetime = LifetimeTracker()
    let saved = ValueRecorder<String>()
    var autosave: KeyedDebouncer<String, String, ManualClock>? = KeyedDebouncer(
      for: .seconds(2), onRelease: .runPending, clock: ManualClock()
    ) { [token = lifetime.makeToken()] document, text in
      _ = token
      saved.record("\(document): \(text)")
    }
    autosave?.send("Dear Ada", forKey: "letter")
    autosave?.send("milk", forKey: "list")
    autosave = nil
    try await saved.waitForCountBounded(2)
    try await lifetime.waitUntilReleasedBounded()
    #expect(saved.values.sorted() == ["letter: Dear Ada", "list: milk"])
  }
}
