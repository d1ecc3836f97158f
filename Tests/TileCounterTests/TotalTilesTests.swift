import SettleTestSupport
import Testing
import TileCounter

@Suite("totalTiles(layers:)", .watched)
struct TotalTilesTests {
  @Test func matchesTheIssuesExamples() {
    #expect(totalTiles(layers: 0) == 0)
    #expect(totalTiles(layers: 1) == 1)
    #expect(totalTiles(layers: 3) == 14)
    #expect(totalTiles(layers: 10) == 385)
    #expect(totalTiles(layers: 1000) == 333_833_500)
  }

  @Test func equalsTheSumOfSquaresForTheFirstFewThousandCounts() {
    var sum = 0
    for layers in 0...3000 {
      sum += layers * layers
      #expect(totalTiles(layers: layers) == sum, "layers \(layers)")
    }
  }

  @Test func theLargestSafeCountFitsAndTheNextDoesNot() {
    #expect(totalTiles(layers: largestSafeLayerCount) != nil)
    #expect(totalTiles(layers: largestSafeLayerCount + 1) == nil)
    #expect(totalTiles(layers: Int.max) == nil)
    #expect(totalTiles(layers: Int.max / 2) == nil)
    if Int.bitWidth == 64 {
      // n³/3 ≈ Int.max gives n ≈ 3.02 million.
      #expect((3_000_000...3_100_000).contains(largestSafeLayerCount))
    }
  }

  @Test func agreesWithWideArithmeticNearTheLimit() {
    let limit = largestSafeLayerCount
    for layers in [limit - 2, limit - 1, limit, limit + 1, limit + 2, 2_000_000, 5_000_000] {
      #expect(totalTiles(layers: layers) == Self.wideTotal(layers), "layers \(layers)")
    }
  }

  /// (n(n+1)/2)·(2n+1)/3 in 128-bit arithmetic, or nil when it does not fit in Int: a route to
  /// the same number that never overflows, independent of the one under test.
  private static func wideTotal(_ layers: Int) -> Int? {
    let half = UInt(layers) * UInt(layers + 1) / 2
    let wide = half.multipliedFullWidth(by: UInt(2 * layers + 1))
    guard wide.high < 3 else { return nil }  // the quotient would be 2^64 or more
    let (quotient, remainder) = UInt(3).dividingFullWidth(wide)
    precondition(remainder == 0, "n(n+1)(2n+1) is always a multiple of 6")
    return quotient <= UInt(Int.max) ? Int(quotient) : nil
  }
}
