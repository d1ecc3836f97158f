import SettleTestSupport
import SettleTesting
import Testing
import TileCounter

/// A calculator on a fresh ManualClock, with its log.
@MainActor
struct CalculatorFixture {
  let clock = ManualClock()
  let calculator: TileCalculator
  let log: CalculatorLog

  init(maximumLayers: Int = 1000) {
    calculator = TileCalculator(maximumLayers: maximumLayers, clock: clock)
    log = CalculatorLog(calculator)
  }

  /// Advances to just before a deadline `ms` away and checks that the timer is still asleep,
  /// so "no total yet" is a real observation, not a race.
  func advanceJustShort(of ms: Int, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    await clock.advance(ms: ms - 1)
    try await clock.waitForSleepersBounded(count: 1, sourceLocation: sourceLocation)
  }

  /// Advances by `ms` and waits until whatever became due has run.
  func advanceAndSettle(_ ms: Int, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    await clock.advance(ms: ms)
    try await calculator.waitUntilIdleBounded(sourceLocation: sourceLocation)
  }
}
