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
  /// What a user writes once for any owner: send every value.
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
    #expect(owner.isPending)
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
    await render.waitForCallers(count: 1)  // so that 512 is the newest, sent second
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

  /// A generic caller: one value in, the covering run's result out.
  static func result(of value: Int, from owner: some PacedAction<Int, String>) async throws
    -> String
  {
    try await owner.sendAndWaitForResult(value)
  }

  @Test func aRateLimiterGivesEachCallerItsOwnRunThroughTheSameCall() async throws {
    let clock = ManualClock()
    let render = RateLimiting(limit: 1, per: .milliseconds(50), clock: clock) {
      (size: Int) in "\(size) px"
    }
    #expect(try await Self.result(of: 64, from: render) == "64 px")  // a place free: at once
    async let large = Self.result(of: 512, from: render)
    await render.waitForCallers(count: 1)
    await clock.advance(by: .milliseconds(50))
    #expect(try await large == "512 px")  // its own run, where a debouncer would share one
  }

  @Test func aThrottlerSettlesItsCallersByItsWindows() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let throttler = Throttler(for: .milliseconds(100), clock: clock) { ran.record($0) }
    func wait(for value: String, on owner: some PacedAction<String, Void>) async throws
      -> SendOutcome
    {
      try await owner.sendAndWait(value)
    }
    #expect(try await wait(for: "a", on: throttler) == .ran)  // opens the window, runs at once
    async let second = wait(for: "b", on: throttler)
    await throttler.waitForCallers(count: 1)
    await clock.advance(by: .milliseconds(100))
    #expect(try await second == .ran)  // the newest at the window's end
    #expect(ran.values == ["a", "b"])
  }

  @Test func aKeyedRateLimiterQueuesEachKeyThroughTheSharedMembers() async throws {
    let clock = ManualClock()
    let sent = ValueRecorder<String>()
    let post = KeyedRateLimiter(limit: 1, per: .milliseconds(100), clock: clock) {
      (key: Int, text: String) in sent.record("\(key): \(text)")
    }
    func edit(_ owner: some KeyedPacedAction<Int, String, Void>) {
      owner.send("draft", forKey: 1)
      owner.send("Dear Ada,", forKey: 1)  // queued behind key 1's place
      owner.send("Hello", forKey: 2)
      owner.send("Bye", forKey: 3)
      owner.cancel(forKey: 3)  // dispatched, not started: never runs
    }
    edit(post)
    #expect(post.isPending(forKey: 1))
    #expect(!post.isPending(forKey: 3))
    try await post.waitUntilQuiescentBounded()
    #expect(sent.values.sorted() == ["1: draft", "2: Hello"])
    await clock.advance(by: .milliseconds(100))
    try await bounded("the posts to be idle") { await post.waitUntilIdle() }
    #expect(sent.values.sorted() == ["1: Dear Ada,", "1: draft", "2: Hello"])
    post.cancel()
    #expect(!post.isPending(forKey: 1))
  }

  @Test func aKeyedThrottlersCallersShareTheirKeysRunResult() async throws {
    let clock = ManualClock()
    let fetch = KeyedThrottling(for: .milliseconds(100), clock: clock) {
      (key: String, page: Int) in "\(key) page \(page)"
    }
    func page(
      _ number: Int, of feed: String, from owner: some KeyedPacedAction<String, Int, String>
    )
      async throws -> String
    {
      try await owner.sendAndWaitForResult(number, forKey: feed)
    }
    #expect(try await page(1, of: "news", from: fetch) == "news page 1")  // opens the window
    async let second = page(2, of: "news", from: fetch)
    // Page 2 waits before page 3 is sent: two `async let`s alone may send in either order,
    // and then the window's newest would be page 2.
    await fetch.waitForCallers(count: 1)
    async let third = page(3, of: "news", from: fetch)
    await fetch.waitForCallers(count: 2)
    // Another key has a window of its own: its first page runs at once.
    #expect(try await page(9, of: "sport", from: fetch) == "sport page 9")
    await clock.advance(by: .milliseconds(100))
    #expect(try await second == "news page 3")  // the newest of the window, for both callers
    #expect(try await third == "news page 3")
  }
}
