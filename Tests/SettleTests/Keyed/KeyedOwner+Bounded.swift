// Hooks: `waitUntilQuiescent()` (nothing public waits for the timer to sleep while keys are
// pending) and the counts a timeout message shows.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The public calls of a keyed owner that its bounded waits make: written once for all.
protocol KeyedOwnerCalls: KeyedRunsOwner {
  func waitUntilIdle() async
}

/// A keyed owner with a pending value to hurry: the debouncer and the throttler, not the rate
/// limiter, whose queue keeps its pace.
protocol KeyedFlushingOwnerCalls: KeyedOwnerCalls {
  func flush(forKey key: Key) async
  func flush() async
}

extension KeyedDebouncing: KeyedFlushingOwnerCalls {}
extension KeyedThrottling: KeyedFlushingOwnerCalls {}
extension KeyedRateLimiting: KeyedOwnerCalls {}

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

}

extension KeyedFlushingOwnerCalls {
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
