import Settle
import SettleTestSupport
import SettleTesting
import Testing
import TileCounter

/// One test per row of the acceptance table, on virtual time.
@MainActor
@Suite("TileCalculator acceptance", .watched)
struct TileCalculatorAcceptanceTests {
  let waiting = "Waiting for typing to pause..."
  let range = "Use a whole number from 0 to 1000."

  @Test func opensWithThreeThenShowsFourteenAfter300ms() async throws {
    let fixture = CalculatorFixture()
    #expect(fixture.calculator.status == "Enter a layer count.")
    fixture.calculator.schedule("3")
    #expect(fixture.calculator.status == waiting)
    #expect(fixture.calculator.result == nil)
    try await fixture.advanceJustShort(of: 300)
    #expect(fixture.calculator.result == nil)
    try await fixture.advanceAndSettle(1)
    #expect(fixture.calculator.result == 14)
    #expect(fixture.calculator.status == "Calculated for 3 layers.")
    #expect(fixture.log.statuses == [waiting, "Calculated for 3 layers."])
  }

  @Test func replacingWithFourClearsAtOnceThenShowsThirty() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("3")
    try await fixture.advanceAndSettle(300)
    #expect(fixture.calculator.result == 14)
    fixture.calculator.schedule("4")
    #expect(fixture.calculator.result == nil)
    #expect(fixture.calculator.status == waiting)
    try await fixture.advanceJustShort(of: 300)
    #expect(fixture.calculator.result == nil)
    try await fixture.advanceAndSettle(1)
    #expect(fixture.calculator.result == 30)
    #expect(fixture.log.results == [14, nil, 30])
  }

  @Test func typingOneThenTenRestartsTheWaitAndOnlyShows385() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("1")
    await fixture.clock.advance(ms: 200)
    fixture.calculator.schedule("10")
    // 300 ms after "1" has passed; 300 ms after "10" has not.
    try await fixture.advanceJustShort(of: 300)
    #expect(fixture.calculator.result == nil)
    #expect(fixture.calculator.status == waiting)
    try await fixture.advanceAndSettle(1)
    #expect(fixture.calculator.result == 385)
    #expect(fixture.log.totals == [385])
    #expect(fixture.log.statuses == [waiting, "Calculated for 10 layers."])
  }

  @Test func typingFourThenErasingItNeverShowsATotal() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("4")
    await fixture.clock.advance(ms: 100)
    fixture.calculator.schedule("")
    #expect(fixture.calculator.status == "Enter a layer count.")
    try await fixture.advanceAndSettle(1000)
    #expect(fixture.calculator.result == nil)
    #expect(fixture.calculator.status == "Enter a layer count.")
    #expect(fixture.log.totals.isEmpty)
    #expect(fixture.log.statuses == [waiting, "Enter a layer count."])
  }

  @Test(arguments: ["3.5", "1001"])
  func outOfRangeTextShowsTheRangeMessageAtOnceAndNoTotal(text: String) async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule(text)
    #expect(fixture.calculator.status == range)
    #expect(fixture.calculator.result == nil)
    try await fixture.advanceAndSettle(1000)
    #expect(fixture.calculator.result == nil)
    #expect(fixture.calculator.status == range)
    #expect(fixture.log.statuses == [range])
    #expect(fixture.log.totals.isEmpty)
  }

  @Test func zeroShowsZeroAfterTheDelay() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("0")
    #expect(fixture.calculator.status == waiting)
    try await fixture.advanceJustShort(of: 300)
    #expect(fixture.calculator.result == nil)
    try await fixture.advanceAndSettle(1)
    #expect(fixture.calculator.result == 0)
    #expect(fixture.calculator.status == "Calculated for 0 layers.")
  }

  @Test func thousandShows333833500AfterTheDelay() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("1000")
    try await fixture.advanceJustShort(of: 300)
    #expect(fixture.calculator.result == nil)
    try await fixture.advanceAndSettle(1)
    #expect(fixture.calculator.result == 333_833_500)
    #expect(fixture.calculator.status == "Calculated for 1000 layers.")
  }

  @Test(arguments: [" 7 ", "+7", "007"])
  func paddedSignedAndZeroPrefixedSevenShow140(text: String) async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule(text)
    #expect(fixture.calculator.status == waiting)
    try await fixture.advanceAndSettle(300)
    #expect(fixture.calculator.result == 140)
    #expect(fixture.calculator.status == "Calculated for 7 layers.")
  }

  @Test func stopWhileWaitingPausesAndNoTotalAppearsAfterwards() async throws {
    let fixture = CalculatorFixture()
    fixture.calculator.schedule("3")
    await fixture.clock.advance(ms: 100)
    fixture.calculator.stop()
    #expect(fixture.calculator.status == "Calculation paused.")
    try await fixture.advanceAndSettle(1000)
    #expect(fixture.calculator.result == nil)
    #expect(fixture.calculator.status == "Calculation paused.")
    #expect(fixture.log.totals.isEmpty)
  }
}
