import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `DebounceOptions` fields are `var`: options changed after their init into something that
/// can never run are still caught, with the same message, by every debouncer that takes them.
@Suite("DebounceOptions checks", .watched)
struct DebounceOptionsCheckTests {
  static func expectMessage(_ result: ExitTest.Result?) {
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      stderr.contains("DebounceOptions needs leading or trailing (or both) to be true"),
      "\(stderr.suffix(300))")
  }

  @Test func aDebouncerStopsOnOptionsThatCanNeverRun() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var options = DebounceOptions()
      options.trailing = false
      _ = Debouncer(for: .seconds(1), options: options, clock: ManualClock()) { (_: Int) in }
    }
    Self.expectMessage(result)
  }

  @Test func aKeyedDebouncerStopsOnOptionsThatCanNeverRun() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var options = DebounceOptions()
      options.trailing = false
      _ = KeyedDebouncer(for: .seconds(1), options: options, clock: ManualClock()) {
        (_: Int, _: Int) in
      }
    }
    Self.expectMessage(result)
  }
}
