import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Each owner's `ContinuousClock` initialiser passes `onRelease:` on: an autosave made the way
/// an app makes it, with no clock argument, keeps its last edit when it is released. The
/// interval is an hour, so nothing runs through the clock; the release alone must run the
/// pending value, at once.
///
/// Every other test injects a `ManualClock` and so goes through the generic initialisers; a
/// real-time initialiser that dropped the parameter (as `FoldingDebouncer`'s once did) was
/// seen by none of them.
@Suite("Release policy through the real-time initialisers", .watched)
struct RealTimeReleasePolicyTests {
  @Test func aDebouncerRunsItsPendingValue() async throws {
    let saved = ValueRecorder<String>()
    var autosave: Debouncer<String, ContinuousClock>? = Debouncer(
      for: .seconds(3600), onRelease: .runPending
    ) { saved.record($0) }
    autosave?.send("Dear Ada")
    autosave = nil
    try await saved.waitForCountBounded(1)
    #expect(saved.values == ["Dear Ada"])
  }

  @Test func aFoldingDebouncerRunsItsAccumulation() async throws {
    let saved = ValueRecorder<[String]>()
    var autosave: FoldingDebouncer<String, [String], ContinuousClock>? = FoldingDebouncer(
      for: .seconds(3600), folding: .collect, onRelease: .runPending
    ) { saved.record($0) }
    autosave?.send("title")
    autosave?.send("body")
    autosave = nil
    try await saved.waitForCountBounded(1)
    #expect(saved.values == [["title", "body"]])
  }

  @Test func aKeyedDebouncerRunsEachKeysPendingValue() async throws {
    let saved = ValueRecorder<String>()
    var autosave: KeyedDebouncer<Int, String, ContinuousClock>? = KeyedDebouncer(
      for: .seconds(3600), onRelease: .runPending
    ) { key, draft in saved.record("\(key): \(draft)") }
    autosave?.send("Dear Ada", forKey: 1)
    autosave?.send("eggs", forKey: 2)
    autosave = nil
    try await saved.waitForCountBounded(2)
    #expect(saved.values.sorted() == ["1: Dear Ada", "2: eggs"])
  }

  @Test func aThrottlerRunsTheValueWaitingForItsWindow() async throws {
    let saved = ValueRecorder<String>()
    var save: Throttler<String, ContinuousClock>? = Throttler(
      for: .seconds(3600), onRelease: .runPending
    ) { saved.record($0) }
    save?.send("first")  // runs at once and opens an hour's window
    try await saved.waitForCountBounded(1)
    save?.send("second")  // waits for the window's end
    save = nil
    try await saved.waitForCountBounded(2)
    #expect(saved.values == ["first", "second"])
  }

  @Test func aFoldingThrottlerRunsTheAccumulationWaitingForItsWindow() async throws {
    let saved = ValueRecorder<[Int]>()
    var save: FoldingThrottler<Int, [Int], ContinuousClock>? = FoldingThrottler(
      for: .seconds(3600), folding: .collect, onRelease: .runPending
    ) { saved.record($0) }
    save?.send(1)
    try await saved.waitForCountBounded(1)
    save?.send(2)
    save?.send(3)
    save = nil
    try await saved.waitForCountBounded(2)
    #expect(saved.values == [[1], [2, 3]])
  }

  @Test func aKeyedThrottlerRunsEachKeysWaitingValue() async throws {
    let saved = ValueRecorder<String>()
    var save: KeyedThrottler<Int, String, ContinuousClock>? = KeyedThrottler(
      for: .seconds(3600), onRelease: .runPending
    ) { key, value in saved.record("\(key): \(value)") }
    save?.send("first", forKey: 1)  // runs at once and opens key 1's hour-long window
    try await saved.waitForCountBounded(1)
    save?.send("second", forKey: 1)  // waits for that window's end
    save = nil
    try await saved.waitForCountBounded(2)
    #expect(saved.values == ["1: first", "1: second"])
  }

  @Test func aFoldingKeyedThrottlerRunsEachKeysAccumulation() async throws {
    let saved = ValueRecorder<String>()
    var save: FoldingKeyedThrottler<Int, Int, [Int], ContinuousClock>? = FoldingKeyedThrottler(
      for: .seconds(3600), folding: .collect, onRelease: .runPending
    ) { key, values in saved.record("\(key): \(values)") }
    save?.send(1, forKey: 7)
    try await saved.waitForCountBounded(1)
    save?.send(2, forKey: 7)
    save?.send(3, forKey: 7)
    save = nil
    try await saved.waitForCountBounded(2)
    #expect(saved.values == ["7: [1]", "7: [2, 3]"])
  }
}
