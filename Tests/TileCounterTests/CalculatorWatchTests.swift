import SettleTestSupport
import SettleTesting
import Testing
import TileCounter
import TileCounterConsole

@MainActor
@Suite("CalculatorWatch", .watched)
struct CalculatorWatchTests {
  @Test func reportsEveryChangeAfterItIsStoredUntilCancelled() async throws {
    let clock = ManualClock()
    let calculator = TileCalculator(clock: clock)
    var seen: [String] = []
    let watch = CalculatorWatch(calculator) {
      seen.append(PipedLine.text(status: $0.status, result: $0.result))
    }
    #expect(seen.isEmpty)
    calculator.schedule("3")
    #expect(seen == ["Waiting for typing to pause..."])
    await clock.advance(ms: 300)
    try await calculator.waitUntilIdleBounded()
    // The result lands first, then the status: two changes, each seen with the new values.
    #expect(
      seen == [
        "Waiting for typing to pause...",
        "Waiting for typing to pause... Total tiles: 14",
        "Calculated for 3 layers. Total tiles: 14",
      ])
    watch.cancel()
    calculator.schedule("")
    #expect(seen.count == 3)
  }
}
