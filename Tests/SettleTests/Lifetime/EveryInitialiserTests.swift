import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Every owner, made through its one public initialiser with every parameter set away from its
/// default, shows each one taking effect: the clock (the timer sleeps on it), the tolerance
/// (passed to that sleep), the options or mode (which value runs), the fold, and the release
/// policy (the pending value runs when the owner is released).
///
/// A parameter that an initialiser accepted and dropped, as `FoldingDebouncer`'s real-time
/// initialiser once dropped `onRelease:`, fails here. The default clock, the one argument these
/// tests cannot set away from its default and observe, is covered by
/// `RealTimeReleasePolicyTests`, which makes every owner with no clock argument.
@Suite("Every owner's initialiser passes every parameter on", .watched)
struct EveryInitialiserTests {
  static let tolerance = Duration.milliseconds(25)

  @Test func debouncer() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    var owner: Debouncer<String, ToleranceRecordingClock>? = Debouncer(
      for: .seconds(1), tolerance: Self.tolerance, options: DebounceOptions(leading: true),
      onRelease: .runPending, clock: clock
    ) { ran.record($0) }
    owner?.send("a")  // options: leading, so it runs at once
    try await ran.waitForCountBounded(1)
    owner?.send("b")  // waits for the quiet period, on `clock`
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil  // onRelease: .runPending
    try await ran.waitForCountBounded(2)
    #expect(ran.values == ["a", "b"])
    #expect(clock.tolerances.values == [Self.tolerance])
  }

  @Test func foldingDebouncer() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<[String]>()
    var owner: FoldingDebouncer<String, [String], ToleranceRecordingClock>? = FoldingDebouncer(
      for: .seconds(1), tolerance: Self.tolerance, options: DebounceOptions(leading: true),
      folding: .collect, onRelease: .runPending, clock: clock
    ) { ran.record($0) }
    owner?.send("a")
    try await ran.waitForCountBounded(1)
    owner?.send("b")
    owner?.send("c")  // folded with b
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil
    try await ran.waitForCountBounded(2)
    #expect(ran.values == [["a"], ["b", "c"]])
    #expect(clock.tolerances.values == [Self.tolerance])
  }

  @Test func throttler() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    var owner: Throttler<String, ToleranceRecordingClock>? = Throttler(
      for: .seconds(1), tolerance: Self.tolerance, mode: .firstAtWindowEnd,
      onRelease: .runPending, clock: clock
    ) { ran.record($0) }
    owner?.send("a")  // runs at once and opens the window
    try await ran.waitForCountBounded(1)
    owner?.send("b")  // mode: the first in the window is kept...
    owner?.send("c")  // ...and later ones dropped
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil
    try await ran.waitForCountBounded(2)
    #expect(ran.values == ["a", "b"])
    #expect(clock.tolerances.values == [Self.tolerance])
  }

  @Test func foldingThrottler() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<Int>()
    var owner: FoldingThrottler<Int, Int, ToleranceRecordingClock>? = FoldingThrottler(
      for: .seconds(1), tolerance: Self.tolerance, mode: .newestAtWindowEndOnly,
      folding: .reducing(into: 0) { $0 += $1 }, onRelease: .runPending, clock: clock
    ) { ran.record($0) }
    owner?.send(1)  // mode: even the first value waits for its window's end...
    owner?.send(2)  // ...folded with the values after it
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .seconds(1))
    try await ran.waitForCountBounded(1)
    owner?.send(3)  // the run opened no window: 3 opens one and waits
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil
    try await ran.waitForCountBounded(2)
    #expect(ran.values == [3, 3])
    #expect(clock.tolerances.values == [Self.tolerance, Self.tolerance], "one sleep per window")
  }

  @Test func keyedDebouncer() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    var owner: KeyedDebouncer<Int, String, ToleranceRecordingClock>? = KeyedDebouncer(
      for: .seconds(1), tolerance: Self.tolerance, options: DebounceOptions(leading: true),
      onRelease: .runPending, clock: clock
    ) { key, value in ran.record("\(key): \(value)") }
    owner?.send("a", forKey: 1)
    try await ran.waitForCountBounded(1)
    owner?.send("b", forKey: 1)
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil
    try await ran.waitForCountBounded(2)
    #expect(ran.values == ["1: a", "1: b"])
    #expect(clock.tolerances.values == [Self.tolerance])
  }

  @Test func foldingKeyedDebouncer() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    var owner: FoldingKeyedDebouncer<Int, String, [String], ToleranceRecordingClock>? =
      FoldingKeyedDebouncer(
        for: .seconds(1), tolerance: Self.tolerance, options: DebounceOptions(leading: true),
        folding: .collect, onRelease: .runPending, clock: clock
      ) { key, values in ran.record("\(key): \(values)") }
    owner?.send("a", forKey: 1)  // leading: runs alone, at once
    try await ran.waitForCountBounded(1)
    owner?.send("b", forKey: 1)  // the rest of the burst folds...
    owner?.send("c", forKey: 1)
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil  // ...and runs on release
    try await ran.waitForCountBounded(2)
    #expect(ran.values == ["1: [\"a\"]", "1: [\"b\", \"c\"]"])
    #expect(clock.tolerances.values == [Self.tolerance])
  }

  @Test func keyedThrottler() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    var owner: KeyedThrottler<Int, String, ToleranceRecordingClock>? = KeyedThrottler(
      for: .seconds(1), tolerance: Self.tolerance, mode: .firstAtWindowEnd,
      onRelease: .runPending, clock: clock
    ) { key, value in ran.record("\(key): \(value)") }
    owner?.send("a", forKey: 1)  // runs at once and opens key 1's window, timed on `clock`
    try await ran.waitForCountBounded(1)
    owner?.send("b", forKey: 1)  // mode: the first in the window is kept...
    owner?.send("c", forKey: 1)  // ...and later ones dropped
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil
    try await ran.waitForCountBounded(2)
    #expect(ran.values == ["1: a", "1: b"])
    #expect(clock.tolerances.values == [Self.tolerance])
  }

  @Test func foldingKeyedThrottler() async throws {
    let clock = ToleranceRecordingClock()
    let ran = ValueRecorder<String>()
    var owner: FoldingKeyedThrottler<Int, Int, Int, ToleranceRecordingClock>? =
      FoldingKeyedThrottler(
        for: .seconds(1), tolerance: Self.tolerance, mode: .newestAtWindowEndOnly,
        folding: .reducing(into: 0) { $0 += $1 }, onRelease: .runPending, clock: clock
      ) { key, sum in ran.record("\(key): \(sum)") }
    owner?.send(1, forKey: 1)  // mode: even the first value waits for its window's end...
    owner?.send(2, forKey: 1)  // ...folded with the values after it
    try await clock.manual.waitForSleepersBounded(count: 1)
    await clock.manual.advance(by: .seconds(1))
    try await ran.waitForCountBounded(1)
    owner?.send(3, forKey: 1)  // the run opened no window: 3 opens one and waits
    try await clock.manual.waitForSleepersBounded(count: 1)
    owner = nil
    try await ran.waitForCountBounded(2)
    #expect(ran.values == ["1: 3", "1: 3"])
    #expect(clock.tolerances.values == [Self.tolerance, Self.tolerance], "one sleep per window")
  }
}
