import Settle
import SettleTestSupport
import SettleTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// In an exit test's child process: ends it with status 0 after `limit` of the watchdog's live
/// time, so that a precondition that no longer fires fails the expectation of a failure exit
/// instead of hanging the child, and with it the whole run.
func exitSuccessfully(after limit: Duration = BoundedWait.limit) {
  _ = Watchdog.shared.schedule(after: limit, "an exit test's child, which should have stopped") {
    exit(0)
  }
}

/// Holds an object that its own action refers to; set once, before anything runs. The
/// object's action keeps the holder, so a test that ends sets `object` to nil to free both.
final class Holder<Object: Sendable>: @unchecked Sendable {
  var object: Object?
}

/// `waitUntilIdle()` from inside an object's own action would wait for itself for ever: it
/// stops with a message that names the mistake. `flush()` from inside returns at once and runs
/// the value after the action.
@Suite("Waiting from inside the action", .watched)
struct WaitingFromInsideTheActionTests {
  static func expectMessage(_ result: ExitTest.Result?, _ type: String) {
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      stderr.contains("\(type).waitUntilIdle() was called from inside the"),
      "the message names the mistake: \(stderr.suffix(400))")
    #expect(stderr.contains("would wait for itself for ever"))
  }

  @Test func aDebouncerStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      exitSuccessfully()
      let holder = Holder<Debouncer<Int, ManualClock>>()
      let debouncer = Debouncer(for: .zero, clock: ManualClock()) { (_: Int) in
        await holder.object?.waitUntilIdle()
      }
      holder.object = debouncer
      debouncer.send(1)
      await debouncer.waitUntilIdle()
    }
    Self.expectMessage(result, "Debouncer")
  }

  @Test func aFoldingDebouncerIsNamedAsItsUserKnowsIt() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      exitSuccessfully()
      let holder = Holder<FoldingDebouncer<Int, [Int], ManualClock>>()
      let debouncer = FoldingDebouncer(for: .zero, folding: .collect, clock: ManualClock()) {
        (_: [Int]) in
        await holder.object?.waitUntilIdle()
      }
      holder.object = debouncer
      debouncer.send(1)
      await debouncer.waitUntilIdle()
    }
    Self.expectMessage(result, "FoldingDebouncer")
  }

  @Test func aThrottlerStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      exitSuccessfully()
      let holder = Holder<Throttler<Int, ManualClock>>()
      let throttler = Throttler(for: .seconds(1), clock: ManualClock()) { (_: Int) in
        await holder.object?.waitUntilIdle()
      }
      holder.object = throttler
      throttler.send(1)
      await throttler.waitUntilIdle()
    }
    Self.expectMessage(result, "Throttler")
  }

  @Test func aTaskTriggerRunnerStopsWithAMessage() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      exitSuccessfully()
      await MainActor.run {
        let holder = Holder<TaskTriggerRunner<Int>>()
        let runner = TaskTriggerRunner { (_: Int) in
          await holder.object?.waitUntilIdle()
        }
        holder.object = runner
        runner.trigger(value: 1)
      }
      // The action runs on the main actor; this task only keeps the process alive for it.
      await AsyncGate().wait()
    }
    Self.expectMessage(result, "TaskTriggerRunner")
  }

  @Test func aTaskTheActionCreatesMayWaitForTheDebouncer() async throws {
    // Task-locals are inherited: the check must stop only the task that runs the action.
    let clock = ManualClock()
    let holder = Holder<Debouncer<Int, ManualClock>>()
    defer { holder.object = nil }  // the action refers to the debouncer: break the cycle
    let afterIdle = ValueRecorder<Int>()
    let debouncer = Debouncer(for: .zero, clock: clock) { (value: Int) in
      Task {
        await holder.object?.waitUntilIdle()
        afterIdle.record(value)
      }
    }
    holder.object = debouncer
    debouncer.send(1)
    try await bounded("the task the action created") { await afterIdle.waitForCount(1) }
    #expect(afterIdle.values == [1])
  }

  @Test func flushFromInsideTheActionReturnsAtOnceAndRunsTheValueAfterIt() async throws {
    let clock = ManualClock()
    let holder = Holder<Debouncer<String, ManualClock>>()
    defer { holder.object = nil }
    let events = ValueRecorder<String>()
    let debouncer = Debouncer(for: .seconds(1), clock: clock) { (value: String) in
      events.record("start \(value)")
      if value == "a" {
        holder.object?.send("b")
        await holder.object?.flush()  // would wait for b, which waits for this action
        events.record("flush returned, cancelled: \(Task.isCancelled)")
      }
      events.record("end \(value)")
    }
    holder.object = debouncer
    debouncer.send("a")
    try await bounded("the debouncer's timer asleep") { await clock.waitForSleepers(count: 1) }
    await clock.advance(by: .seconds(1))
    try await bounded("a and the flushed b to run") { await events.waitForCount(5) }
    try await bounded("the debouncer to be idle") { await debouncer.waitUntilIdle() }
    #expect(
      events.values == [
        "start a", "flush returned, cancelled: true", "end a", "start b", "end b",
      ])
    try await clock.run()  // a timer started by the send inside a may still wake: nothing runs
    try await bounded("the debouncer to be idle") { await debouncer.waitUntilIdle() }
    #expect(events.count == 5, "the flushed value never runs again on the timer")
  }

  @Test func flushFromInsideAThrottlersActionReturnsAtOnce() async throws {
    let clock = ManualClock()
    let holder = Holder<Throttler<String, ManualClock>>()
    defer { holder.object = nil }
    let events = ValueRecorder<String>()
    let throttler = Throttler(for: .seconds(1), clock: clock) { (value: String) in
      events.record("start \(value)")
      if value == "a" {
        holder.object?.send("b")  // inside a's window: waits
        await holder.object?.flush()
        events.record("flush returned")
      }
    }
    holder.object = throttler
    throttler.send("a")
    try await bounded("a and the flushed b to run") { await events.waitForCount(3) }
    try await bounded("the throttler to be idle") { await throttler.waitUntilIdle() }
    #expect(events.values == ["start a", "flush returned", "start b"])
  }

  @Test func flushForKeyFromInsideAKeyedActionReturnsAtOnce() async throws {
    let clock = ManualClock()
    let holder = Holder<KeyedDebouncer<Int, String, ManualClock>>()
    defer { holder.object = nil }
    let events = ValueRecorder<String>()
    let save = KeyedDebouncer(for: .seconds(1), clock: clock) { (key: Int, value: String) in
      events.record("start \(key) \(value)")
      if value == "a" {
        holder.object?.send("b", forKey: key)
        await holder.object?.flush(forKey: key)  // would wait for b, which waits for this action
        events.record("flush returned, cancelled: \(Task.isCancelled)")
      }
      events.record("end \(key) \(value)")
    }
    holder.object = save
    save.send("a", forKey: 7)
    try await bounded("the timer asleep") { await clock.waitForSleepers(count: 1) }
    await clock.advance(by: .seconds(1))
    try await bounded("a and the flushed b to run") { await events.waitForCount(5) }
    try await bounded("the debouncer to be idle") { await save.waitUntilIdle() }
    #expect(
      events.values == [
        "start 7 a", "flush returned, cancelled: true", "end 7 a", "start 7 b", "end 7 b",
      ])
  }

  @Test func flushOfEveryKeyFromInsideAKeyedActionReturnsAtOnce() async throws {
    let clock = ManualClock()
    let holder = Holder<KeyedThrottler<Int, String, ManualClock>>()
    defer { holder.object = nil }
    let events = ValueRecorder<String>()
    let refresh = KeyedThrottler(for: .seconds(1), clock: clock) { (key: Int, value: String) in
      events.record("start \(key) \(value)")
      if value == "a" {
        holder.object?.send("b", forKey: key)  // inside a's window: waits
        holder.object?.send("c", forKey: 8)  // another key: runs at once, on its own
        await holder.object?.flush()  // would wait for b, which waits for this action
        events.record("flush returned")
      }
    }
    holder.object = refresh
    refresh.send("a", forKey: 7)
    try await bounded("a, c and the flushed b to run") { await events.waitForCount(4) }
    try await bounded("the throttler to be idle") { await refresh.waitUntilIdle() }
    // Key 7's runs in order, with the flush returning inside a; key 8's run is unordered
    // against them.
    #expect(
      events.values.filter { !$0.contains(" 8 ") } == ["start 7 a", "flush returned", "start 7 b"])
    #expect(events.values.contains("start 8 c"))
  }

  /// The owners that the tests above do not name: each one's name comes from its own
  /// initialiser, and the message must still be the one its user knows it by.
  enum NamedOwner: String, Codable, CaseIterable, Sendable {
    case rateLimiter = "RateLimiter"
    case keyedDebouncer = "KeyedDebouncer"
    case keyedThrottler = "KeyedThrottler"
    case foldingKeyedThrottler = "FoldingKeyedThrottler"
    case keyedRateLimiter = "KeyedRateLimiter"

    /// Makes the owner with an action that waits for the owner itself, and sends it a value.
    func waitFromInsideItsAction() async {
      let clock = ManualClock()
      switch self {
      case .rateLimiter:
        await Self.wait { inside in
          RateLimiter(limit: 1, per: .seconds(1), clock: clock) { (_: Int) in await inside() }
        }
      case .keyedDebouncer:
        await Self.waitKeyed { inside in
          KeyedDebouncer(for: .zero, clock: clock) { (_: Int, _: Int) in await inside() }
        }
      case .keyedThrottler:
        await Self.waitKeyed { inside in
          KeyedThrottler(for: .seconds(1), clock: clock) { (_: Int, _: Int) in await inside() }
        }
      case .foldingKeyedThrottler:
        await Self.waitKeyed { inside in
          FoldingKeyedThrottler(for: .seconds(1), folding: .collect, clock: clock) {
            (_: Int, _: [Int]) in await inside()
          }
        }
      case .keyedRateLimiter:
        await Self.waitKeyed { inside in
          KeyedRateLimiter(limit: 1, per: .seconds(1), clock: clock) { (_: Int, _: Int) in
            await inside()
          }
        }
      }
    }

    static func wait<Owner: PacedAction<Int, Void>>(
      _ make: (@escaping @Sendable () async -> Void) -> Owner
    ) async {
      let holder = Holder<Owner>()
      let owner = make { await holder.object?.waitUntilIdle() }
      holder.object = owner
      owner.send(1)
      await owner.waitUntilIdle()
    }

    static func waitKeyed<Owner: KeyedPacedAction<Int, Int, Void>>(
      _ make: (@escaping @Sendable () async -> Void) -> Owner
    ) async {
      let holder = Holder<Owner>()
      let owner = make { await holder.object?.waitUntilIdle() }
      holder.object = owner
      owner.send(1, forKey: 1)
      await owner.waitUntilIdle()
    }
  }

  @Test(arguments: NamedOwner.allCases)
  func everyOwnerIsNamedAsItsUserKnowsIt(_ owner: NamedOwner) async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) { [owner] in
      exitSuccessfully()
      await owner.waitFromInsideItsAction()
    }
    Self.expectMessage(result, owner.rawValue)
  }
}
