// Hooks: `waitUntilQuiescent()` (nothing public waits for the timer to sleep while keys are
// pending) and the counts a timeout message shows.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

// The keyed debouncer's waits, each through `bounded`, naming what it found on a timeout.

extension KeyedDebouncing {
  /// What a timeout message shows of the debouncer.
  nonisolated var stateSummary: String {
    "keys: \(keyCount), runs in flight: \(activeRunCount), timer: \(hasTimer)"
  }

  /// `waitUntilIdle()`, bounded.
  nonisolated func waitUntilIdleBounded(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "the keyed debouncer to be idle (\(stateSummary))", sourceLocation: sourceLocation
    ) { await self.waitUntilIdle() }
  }

  /// `waitUntilQuiescent()`, bounded.
  nonisolated func waitUntilQuiescentBounded(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "the keyed debouncer to be quiescent (\(stateSummary))", sourceLocation: sourceLocation
    ) { await self.waitUntilQuiescent() }
  }

  /// `flush(forKey:)`, bounded.
  nonisolated func flushBounded(
    forKey key: Key,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded(
      "flush(forKey: \(key)) to return (\(stateSummary))", sourceLocation: sourceLocation
    ) { await self.flush(forKey: key) }
  }

  /// `flush()`, bounded.
  nonisolated func flushBounded(
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    try await bounded("flush() to return (\(stateSummary))", sourceLocation: sourceLocation) {
      await self.flush()
    }
  }
}
