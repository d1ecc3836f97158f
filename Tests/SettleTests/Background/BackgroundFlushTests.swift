// The package core of `flushOnBackground(_:)` and `onBackground: .runPending`: SwiftUI and
// UIKit do not exist on Linux, so the modifiers' decisions are tested on the core they
// forward the scene phase to, with a stand-in for UIKit's background tasks.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

@Suite("Background flush (the core of flushOnBackground)", .backstop(minutes: 1), .watched)
@MainActor
struct BackgroundFlushTests {
  @Test func everyOwnersPendingValueRunsAtOnceUnderOneAssertion() async throws {
    let clock = ManualClock()
    let assertions = RecordingAssertions()
    let autosave = Debouncer(for: .seconds(2), clock: clock) { @MainActor (text: String) in
      assertions.note("saved \(text)")
    }
    let drafts = KeyedDebouncer(for: .seconds(2), clock: clock) {
      @MainActor (key: String, text: String) in
      assertions.note("saved \(key): \(text)")
    }
    autosave.send("Dear Ada")
    drafts.send("Hello", forKey: "reply")
    let flush = BackgroundFlush(assertions: assertions)
    try await flush.sceneEnteredBackground(flushing: [autosave, drafts])
      .valueBounded("the background flush")
    // The clock never moved: the runs came from the flush, inside the assertion.
    #expect(assertions.log.first == "begin 1")
    #expect(assertions.log.last == "end 1")
    #expect(Set(assertions.log.dropFirst().dropLast()) == ["saved Dear Ada", "saved reply: Hello"])
    #expect(!flush.isHoldingAssertion)
  }

  @Test func theAssertionIsHeldUntilTheRunReturns() async throws {
    let assertions = RecordingAssertions()
    let started = AsyncGate()
    let finish = AsyncGate()
    let autosave = Debouncer(for: .seconds(2), clock: ManualClock()) { (_: String) in
      started.open()
      await finish.wait()
    }
    autosave.send("Dear Ada")
    let flush = BackgroundFlush(assertions: assertions)
    let flushing = flush.sceneEnteredBackground(flushing: [autosave])
    try await started.waitBounded()
    #expect(flush.isHoldingAssertion)
    #expect(assertions.log == ["begin 1"])
    finish.open()
    try await flushing.valueBounded("the background flush")
    #expect(assertions.log == ["begin 1", "end 1"])
  }

  /// The timer had started a save just before the scene left: nothing is pending, so
  /// `flush()` returns at once, but the app must not be suspended in the middle of that write.
  /// The owner here stands for one whose run is under way: its `waitUntilIdle()` returns only
  /// when the test lets the run finish.
  @Test func aRunAlreadyUnderWayIsCoveredByTheAssertion() async throws {
    let assertions = RecordingAssertions()
    let owner = RunningOwner()
    let flush = BackgroundFlush(assertions: assertions)
    let flushing = flush.sceneEnteredBackground(flushing: [owner])
    try await owner.calls.waitForCountBounded(2)
    #expect(owner.calls.values == ["flush", "waitUntilIdle"])
    #expect(flush.isHoldingAssertion)
    owner.runFinished.open()
    try await flushing.valueBounded("the background flush")
    #expect(assertions.log == ["begin 1", "end 1"])
  }

  /// When the system's time runs out the assertion must end at once, or iOS ends the app;
  /// the run goes on, and its return ends nothing a second time.
  @Test func expirationEndsTheAssertionOnceAndTheRunGoesOn() async throws {
    let assertions = RecordingAssertions()
    let started = AsyncGate()
    let finish = AsyncGate()
    let saved = ValueRecorder<String>()
    let autosave = Debouncer(for: .seconds(2), clock: ManualClock()) { (text: String) in
      started.open()
      await finish.wait()
      saved.record(text)
    }
    autosave.send("Dear Ada")
    let flush = BackgroundFlush(assertions: assertions)
    let flushing = flush.sceneEnteredBackground(flushing: [autosave])
    try await started.waitBounded()
    assertions.expire(1)
    #expect(assertions.log == ["begin 1", "end 1"])
    #expect(!flush.isHoldingAssertion)
    finish.open()
    try await flushing.valueBounded("the background flush")
    #expect(saved.values == ["Dear Ada"])
    #expect(assertions.log == ["begin 1", "end 1"])
  }

  @Test func anAssertionThatExpiresInsideBeginEndsAtOnce() async throws {
    let assertions = RecordingAssertions()
    assertions.expiresAtOnce = true
    let saved = ValueRecorder<String>()
    let autosave = Debouncer(for: .seconds(2), clock: ManualClock()) { saved.record($0) }
    autosave.send("Dear Ada")
    let flush = BackgroundFlush(assertions: assertions)
    let flushing = flush.sceneEnteredBackground(flushing: [autosave])
    #expect(assertions.log == ["begin 1", "end 1"])
    try await flushing.valueBounded("the background flush")
    #expect(saved.values == ["Dear Ada"])
    #expect(assertions.log == ["begin 1", "end 1"])
  }

  @Test func withNoAssertionGrantedTheValuesStillRun() async throws {
    let assertions = RecordingAssertions()
    assertions.grants = false
    let saved = ValueRecorder<String>()
    let autosave = Debouncer(for: .seconds(2), clock: ManualClock()) { saved.record($0) }
    autosave.send("Dear Ada")
    let flush = BackgroundFlush(assertions: assertions)
    try await flush.sceneEnteredBackground(flushing: [autosave])
      .valueBounded("the background flush")
    #expect(saved.values == ["Dear Ada"])
    #expect(assertions.log == ["refused"])
  }

  /// Back to the foreground and out again before the first flush returned: each entry holds
  /// its own assertion for its own flush, and each is ended once.
  @Test func eachEntryIntoTheBackgroundHoldsItsOwnAssertion() async throws {
    let assertions = RecordingAssertions()
    let started = ValueRecorder<String>()
    let finish = AsyncGate()
    let autosave = Debouncer(for: .seconds(2), clock: ManualClock()) { (text: String) in
      started.record(text)
      await finish.wait()
    }
    let flush = BackgroundFlush(assertions: assertions)
    autosave.send("Dear")
    let first = flush.sceneEnteredBackground(flushing: [autosave])
    try await started.waitForCountBounded(1)
    autosave.send("Dear Ada")
    let second = flush.sceneEnteredBackground(flushing: [autosave])
    #expect(assertions.log == ["begin 1", "begin 2"])
    finish.open()
    try await first.valueBounded("the first flush")
    try await second.valueBounded("the second flush")
    #expect(started.values == ["Dear", "Dear Ada"])
    #expect(assertions.log.sorted() == ["begin 1", "begin 2", "end 1", "end 2"])
  }
}

/// `onBackground:` on `onChange(of:debounce:)`, through its core.
@Suite("Debounced change in the background", .backstop(minutes: 1), .watched)
@MainActor
struct DebouncedChangeBackgroundTests {
  static func change(
    _ policy: BackgroundPolicy, ran: ValueRecorder<String>
  ) -> DebouncedChange<String> {
    let change = DebouncedChange<String>(
      interval: .seconds(1), options: .trailing, onDisappear: .cancelPending,
      onBackground: policy, clock: AnyClock(ManualClock()))
    change.update { ran.record($0) }
    return change
  }

  @Test func runPendingRunsTheLastEditWhenTheSceneEntersTheBackground() async throws {
    let ran = ValueRecorder<String>()
    let assertions = RecordingAssertions()
    let change = Self.change(.runPending, ran: ran)
    change.changed(to: "Dear", control: nil)
    change.changed(to: "Dear Ada", control: nil)
    let flushing = change.enteredBackground(using: BackgroundFlush(assertions: assertions))
    try await #require(flushing).valueBounded("the background flush")
    #expect(ran.values == ["Dear Ada"])
    #expect(assertions.log == ["begin 1", "end 1"])
    #expect(!change.isPending)
  }

  @Test func keepPendingLeavesTheValueWaitingAndTakesNoAssertion() {
    let ran = ValueRecorder<String>()
    let assertions = RecordingAssertions()
    let change = Self.change(.keepPending, ran: ran)
    change.changed(to: "dune", control: nil)
    #expect(change.enteredBackground(using: BackgroundFlush(assertions: assertions)) == nil)
    #expect(change.isPending)
    #expect(assertions.log.isEmpty)
  }

  @Test func withNothingPendingNoAssertionIsTaken() async throws {
    let ran = ValueRecorder<String>()
    let assertions = RecordingAssertions()
    let change = Self.change(.runPending, ran: ran)
    #expect(change.enteredBackground(using: BackgroundFlush(assertions: assertions)) == nil)
    change.changed(to: "Dear", control: nil)
    let flush = BackgroundFlush(assertions: assertions)
    try await #require(change.enteredBackground(using: flush)).valueBounded("the first flush")
    #expect(change.enteredBackground(using: flush) == nil)  // ran: nothing pending now
    #expect(assertions.log == ["begin 1", "end 1"])
    #expect(ran.values == ["Dear"])
  }
}

/// An owner with nothing pending and a run under way, until `runFinished` opens.
final class RunningOwner: Flushable {
  let calls = ValueRecorder<String>()
  let runFinished = AsyncGate()

  func flush() async {
    calls.record("flush")
  }

  func waitUntilIdle() async {
    calls.record("waitUntilIdle")
    await runFinished.wait()
  }
}
