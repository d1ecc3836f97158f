// Hooks: `waitUntilQuiescentBounded()` (an owner's timer asleep, no run in flight), so that the
// clock moves only once every owner has done what is due.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The members of `PacedAction` and `KeyedPacedAction` are written once, for every owner: code
/// a user writes against the protocols reaches each owner's own engine and rule.
@Suite("PacedAction: one surface for every owner", .watched)
struct PacedActionTests {
  /// What a user writes once for any owner: send every value, then wait until it is done.
  static func replay(_ values: [String], into owner: some PacedAction<String, Void>) {
    for value in values { owner.send(value) }
  }

  @Test func eachOwnerAppliesItsOwnRuleThroughTheSharedMembers() async throws {
    let clock = ManualClock()
    let debounced = ValueRecorder<String>()
    let throttled = ValueRecorder<String>()
    let limited = ValueRecorder<String>()
    let debouncer = Debouncer(for: .milliseconds(100), clock: clock) { debounced.record($0) }
    let throttler = Throttler(for: .milliseconds(100), clock: clock) { throttled.record($0) }
    let limiter = RateLimiter(limit: 1, per: .milliseconds(100), clock: clock) {
      (value: String) in limited.record(value)
    }
    let owners: [any PacedAction<String, Void>] = [debouncer, throttler, limiter]
    for owner in owners { Self.replay(["a", "b", "c"], into: owner) }
    for owner in owners { #expect(owner.isPending) }
    for _ in 0..<3 {
      try await debouncer.waitUntilQuiescentBounded()
      try await throttler.waitUntilQuiescentBounded()
      try await limiter.waitUntilQuiescentBounded()
      await clock.advance(by: .milliseconds(100))
    }
    for owner in owners {
      try await bounded("the owner to be idle") { await owner.waitUntilIdle() }
      #expect(!owner.isPending)
    }
    #expect(debounced.values == ["c"])  // the quiet period's last value
    #expect(throttled.values == ["a", "c"])  // the first at once, the newest at the window's end
    #expect(limited.values == ["a", "b", "c"])  // every value, one per window
  }

  @Test func cancelThroughTheProtocolDropsWhatIsPending() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let owner: some PacedAction<String, Void> = Debouncer(for: .milliseconds(100), clock: clock) {
      ran.record($0)
    }
    owner.send("a")
    owner.cancel()
    #expect(!owner.isPending)
    await clock.advance(by: .milliseconds(100))
    try await bounded("the owner to be idle") { await owner.waitUntilIdle() }
    #expect(ran.values.isEmpty)
  }

  @Test func resultsComeFromTheOwnersRun() async throws {
    let clock = ManualClock()
    /// A generic caller: one value in, the covering run's result out.
    func result(of value: Int, from owner: some PacedAction<Int, String>) async throws -> String {
      try await owner.sendAndWaitForResult(value)
    }
    let render = Debouncing(for: .milliseconds(50), clock: clock) { (size: Int) in "\(size) px" }
    async let small = result(of: 64, from: render)
    async let large = result(of: 512, from: render)
    await render.waitForCallers(count: 2)
    await clock.advance(by: .milliseconds(50))
    #expect(try await small == "512 px")  // one run covered both callers
    #expect(try await large == "512 px")
  }

  @Test func keyedOwnersKeepEachKeyApartThroughTheSharedMembers() async throws {
    let clock = ManualClock()
    let saved = ValueRecorder<String>()
    let save = KeyedDebouncer(for: .milliseconds(100), clock: clock) { (key: Int, text: String) in
      saved.record("\(key): \(text)")
    }
    func edit(_ owner: some KeyedPacedAction<Int, String, Void>) {
      owner.send("draft", forKey: 1)
      owner.send("Dear Ada,", forKey: 1)
      owner.send("Hello", forKey: 2)
      owner.send("Bye", forKey: 3)
      owner.cancel(forKey: 3)
    }
    edit(save)
    #expect(save.isPending(forKey: 1))
    #expect(!save.isPending(forKey: 3))
    try await save.waitUntilQuiescentBounded()
    await clock.advance(by: .milliseconds(100))
    try await bounded("the saves to be idle") { await save.waitUntilIdle() }
    #expect(saved.values.sorted() == ["1: Dear Ada,", "2: Hello"])
    async let outcome = save.sendAndWait("Yours,", forKey: 1)
    await save.waitForCallers(count: 1)
    await clock.advance(by: .milliseconds(100))
    #expect(try await outcome == .ran)
  }
}
