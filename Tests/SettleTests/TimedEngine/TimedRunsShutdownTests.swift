// The package engine, `TimedRuns`, on its own: a value arriving after its shutdown (as a pump
// may deliver one) cannot be sent through any public owner, which is gone by then.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// After `shutDown()` (an owner's deinit, an iterator dropped) nothing starts, and a value that
/// still arrives, such as one the pump of a sequence operator had in hand, is dropped instead
/// of being left pending with no one to run it.
@Suite("TimedRuns shutdown", .watched)
struct TimedRunsShutdownTests {
  typealias Instant = ManualClock.Instant

  static func debounce(_ options: DebounceOptions) -> LatestDebounceMachine<Int, Instant> {
    DebounceStateMachine(interval: .milliseconds(10), options: options)
  }

  static func throttle(latest: Bool) -> LatestThrottleMachine<Int, Instant> {
    ThrottleStateMachine(
      interval: .milliseconds(10), mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd)
  }

  /// Shuts `runs` down, sends, and checks that nothing was taken and nothing waits.
  static func sendAfterShutdown<Machine: TimedStateMachine>(
    _ runs: TimedRuns<Machine, ManualClock, Void, Never>, _ value: Machine.Input.Payload
  ) async throws {
    runs.shutDown()
    runs.send(value)
    #expect(!runs.isPending)
    #expect(!runs.hasTimer)
    #expect(runs.dispatchedRunCount == 0)
    try await runs.waitUntilIdleBounded()
  }

  @Test(arguments: [
    DebounceOptions(), DebounceOptions(leading: true),
    DebounceOptions(leading: true, trailing: false), DebounceOptions(maxWait: .milliseconds(20)),
  ])
  func aDebouncedValueSentAfterShutdownIsDropped(options: DebounceOptions) async throws {
    let ran = ValueRecorder<Int>()
    let runs = TimedRuns(
      machine: SoleKeyMachine(Self.debounce(options)), clock: ManualClock(),
      action: IsolatedAction { ran.record($0) })
    try await Self.sendAfterShutdown(runs, 1)
    #expect(ran.values.isEmpty)
  }

  @Test(arguments: [true, false])
  func aThrottledValueSentAfterShutdownIsDropped(latest: Bool) async throws {
    let ran = ValueRecorder<Int>()
    let runs = TimedRuns(
      machine: SoleKeyMachine(Self.throttle(latest: latest)), clock: ManualClock(),
      action: IsolatedAction { ran.record($0) })
    try await Self.sendAfterShutdown(runs, 1)
    #expect(ran.values.isEmpty)
  }

  @Test func aRunDispatchedBeforeShutdownNeverStarts() async throws {
    let ran = ValueRecorder<Int>()
    let runs = TimedRuns(
      machine: SoleKeyMachine(Self.throttle(latest: true)), clock: ManualClock(),
      action: IsolatedAction { @MainActor in ran.record($0) })
    await MainActor.run {
      // Dispatched, but its claim needs a turn of the main actor, which this one holds.
      runs.send(1)
      #expect(runs.isPending)
      runs.shutDown()
    }
    try await runs.waitUntilIdleBounded()
    #expect(ran.values.isEmpty)
    #expect(runs.activeRunCount == 0)
  }
}
