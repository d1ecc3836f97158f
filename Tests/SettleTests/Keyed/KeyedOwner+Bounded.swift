// Hooks: `waitUntilQuiescent()` (nothing public waits for the timer to sleep while keys are
// pending) and the counts a timeout message shows.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The public calls of a keyed owner that its bounded waits make: written once for both.
protocol KeyedOwnerCalls: KeyedRunsOwner {
  func waitUntilIdle() async
  func flush(forKey key: Key) async
  func flush() async
}

extension KeyedDebouncing: KeyedOwnerCalls {}
extension KeyedThrottling: KeyedOwnerCalls {}

// A keyed owner's waits, each through `bounded`, naming what it found on a timeout.

extension KeyedOwnerCalls {
  /// What a timeout message shows of the owner.
  var stateSummary: String {
    "keys: \(keyCount), runs in flight: \(activeRunCount), timer: \(hasTimer)"
  }

  /// `waitUntilIdle()`, bounded.
  func waitUntilIdleBounded(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "the keyed owner to be idle (\(stateSummary))", sourceLocation: sourceLocation
    ) { await self.waitUntilIdle() }
  }

  /// `waitUntilQuiescent()`, bounded.
  func waitUntilQuiescentBounded(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "the keyed owner to be quiescent (\(stateSummary))", sourceLocation: sourceLocation
    ) { await self.waitUntilQuiescent() }
  }

  /// `flush(forKey:)`, bounded.
  func flushBounded(
    forKey key: Key,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "flush(forKey: \(key)) to return (\(stateSummary))", sourceLocation: sourceLocation
    ) { await self.flush(forKey: key) }
  }

  /// `flush()`, bounded.
  func flushBounded(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded("flush() to return (\(stateSummary))", sourceLocation: sourceLocation) {
      await self.flush()
    }
  }
}
