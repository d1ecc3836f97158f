import SettleTestSupport
import Testing
import TileCounter

extension TileCalculator {
  /// `waitUntilIdle()`, bounded: a calculation that never settles fails its test by name.
  func waitUntilIdleBounded(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await bounded(
      "the calculator to be idle (status: \(status), result: \(String(describing: result)))",
      sourceLocation: sourceLocation
    ) { await self.waitUntilIdle() }
  }
}
