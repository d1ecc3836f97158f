/// The number of tiles in a square-layer pyramid of `layers` layers: 1 + 4 + 9 + … + n².
///
/// Computed as n(n+1)(2n+1)/6 with the divisions done first, so no intermediate product is
/// larger than the answer and every multiplication is overflow-checked.
///
/// ```swift
/// assert(totalTiles(layers: 3) == 14)
/// assert(totalTiles(layers: 1000) == 333_833_500)
/// assert(totalTiles(layers: 4_000_000) == nil)   // on 64-bit: the total does not fit in Int
/// ```
///
/// - Parameter layers: The layer count.
/// - Returns: The total, or `nil` when it does not fit in `Int` (for more than
///   ``largestSafeLayerCount`` layers).
/// - Precondition: `layers` is not negative.
/// - Complexity: O(1).
public func totalTiles(layers: Int) -> Int? {
  precondition(layers >= 0, "totalTiles(layers:) was given \(layers); pass 0 or more layers.")
  // n and n+1: one is even. n, n+1 and 2n+1: one is a multiple of 3. Dividing those factors
  // before multiplying keeps the arithmetic exact and the overflow check meaningful.
  guard layers <= Int.max / 2 else { return nil }  // 2n+1 alone would not fit
  var first = layers
  var second = layers + 1
  var third = 2 * layers + 1
  if first % 2 == 0 { first /= 2 } else { second /= 2 }
  if first % 3 == 0 {
    first /= 3
  } else if second % 3 == 0 {
    second /= 3
  } else {
    third /= 3
  }
  let (partial, firstOverflow) = first.multipliedReportingOverflow(by: second)
  if firstOverflow { return nil }
  let (total, secondOverflow) = partial.multipliedReportingOverflow(by: third)
  return secondOverflow ? nil : total
}

/// The largest layer count whose ``totalTiles(layers:)`` fits in `Int`: about 3.02 million on
/// 64-bit platforms.
///
/// The ceiling for ``TileCalculator``'s `maximumLayers`. Found once, on first use, by a
/// binary search over ``totalTiles(layers:)``, so it is right for the platform's `Int`.
public let largestSafeLayerCount: Int = {
  // totalTiles grows with n, so the fitting counts form a prefix of 0...; find its end.
  var low = 0
  var high = Int.max / 2
  while low < high {
    let middle = low + (high - low + 1) / 2
    if totalTiles(layers: middle) != nil {
      low = middle
    } else {
      high = middle - 1
    }
  }
  return low
}()
