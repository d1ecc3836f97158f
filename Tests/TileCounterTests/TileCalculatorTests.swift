import Settle
import SettleTestSupport
import SettleTesting
import Testing
import TileCounter

/// The rules beyond the acceptance table: stale answers, configuration, lifetime.
@MainActor
@Suite("TileCalculator", .watched)
struct TileCalculatorTests {
  @Test func returningToAnEarlierValueDoesNotRevivePendingWork() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("4")
    await fixture.clock.advance(ms: 200)
    fixture.calculator.schedule("5")
    await fixture.clock.advance(ms: 50)
    fixture.calculator.schedule("4")
    // The first "4" would be due at 300 ms; the second is due at 550 ms.
    try await fixture.advanceJustShort(of: 300)
    #expect(fixture.calculator.result == nil)
    #expect(fixture.log.totals.isEmpty)
    try await fixture.advanceAndSettle(1)
    #expect(fixture.calculator.result == 30)
    #expect(fixture.log.totals == [30])
  }

  @Test func invalidTextAfterAValidOneDropsThePendingCalculation() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("4")
    fixture.calculator.schedule("4x")
    try await fixture.advanceAndSettle(1000)
    #expect(fixture.log.totals.isEmpty)
    #expect(fixture.calculator.status == "Use a whole number from 0 to 1000.")
  }

  @Test func scheduleAfterStopStartsAfresh() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("2")
    fixture.calculator.stop()
    fixture.calculator.schedule("2")
    try await fixture.advanceAndSettle(300)
    #expect(fixture.calculator.result == 5)
    #expect(fixture.log.totals == [5])
  }

  @Test func theRangeMessageFollowsTheConfiguredMaximum() async throws {
    let fixture = CalculatorFixture(maximumLayers: 5000)
    fixture.calculator.schedule("5001")
    #expect(fixture.calculator.status == "Use a whole number from 0 to 5000.")
    fixture.calculator.schedule("1001")
    try await fixture.advanceAndSettle(300)
    #expect(fixture.calculator.result == totalTiles(layers: 1001))
  }

  @Test func theLargestSafeMaximumCalculatesWithoutOverflow() async throws {
    let fixture = CalculatorFixture(maximumLayers: largestSafeLayerCount)
    fixture.calculator.schedule(String(largestSafeLayerCount))
    try await fixture.advanceAndSettle(300)
    #expect(fixture.calculator.result == totalTiles(layers: largestSafeLayerCount))
    #expect(fixture.calculator.result != nil)
  }

  /// One past the largest safe count would let a total overflow `Int`, so the initialiser
  /// stops the process; the test above shows the largest safe count itself is accepted.
  @Test func aMaximumBeyondTheLargestSafeCountIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        _ = TileCalculator(maximumLayers: largestSafeLayerCount + 1, clock: ManualClock())
      }
    }
    await #expect(processExitsWith: .failure) {
      await MainActor.run {
        _ = TileCalculator(maximumLayers: -1, clock: ManualClock())
      }
    }
  }

  @Test func everyArgumentHasItsDefault() {
    let calculator = TileCalculator()
    #expect(calculator.delay == .milliseconds(300))
    #expect(calculator.maximumLayers == 1000)
    #expect(calculator.status == "Enter a layer count.")
    #expect(calculator.result == nil)
  }

  @Test func theDelayIsConfigurable() async throws {
    let clock = ManualClock()
    let calculator = TileCalculator(delay: .milliseconds(50), clock: clock)
    calculator.schedule("2")
    await clock.advance(ms: 49)
    try await clock.waitForSleepersBounded(count: 1)
    #expect(calculator.result == nil)
    await clock.advance(ms: 1)
    try await calculator.waitUntilIdleBounded()
    #expect(calculator.result == 5)
  }

  @Test func releasingTheCalculatorDropsPendingWork() async {
    let clock = ManualClock()
    var calculator: TileCalculator? = TileCalculator(clock: clock)
    weak let released = calculator
    calculator?.schedule("3")
    calculator = nil
    #expect(released == nil)
    await clock.advance(ms: 1000)
    #expect(clock.sleeperCount == 0)
  }
}
