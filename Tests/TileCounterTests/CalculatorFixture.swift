import SettleTesting
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
  func advanceJustShort(of ms: Int) async {
    await clock.advance(ms: ms - 1)
    await clock.waitForSleepers(count: 1)
  }

  /// Advances by `ms` and waits until whatever became due has run.
  func advanceAndSettle(_ ms: Int) async {
    await clock.advance(ms: ms)
    await calculator.waitUntilIdle()
  }
}
