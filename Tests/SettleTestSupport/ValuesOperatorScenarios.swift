import Settle
import SettleTesting
import Testing

// The scenarios every values sequence (`TrackedValues`, `ObservedValues`) goes through under
// Settle's operators, written once, so that the two sequences are held to the same script.

/// A values sequence under `debounced`: the current value at 0 ms, then three writes 50 ms apart,
/// and exactly one element, the last write, 300 ms after it (at 450 ms), none before.
///
/// - Parameters:
///   - values: The sequence under test, over the model `write` changes.
///   - write: Writes one text to the model, on the main actor, as an app does.
/// - Returns: What the debounced consumer received.
@MainActor
public func debouncedBurst<Values: AsyncSequence & Sendable>(
  of values: Values, writing write: @MainActor (String) -> Void,
  sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [String] where Values.Element == String {
  let clock = ManualClock()
  let pulls = ValueRecorder<Void>()
  let consumer = RecordingConsumer(
    PullCounted(base: values, pulls: pulls).debounced(for: .milliseconds(300), clock: clock))
  try await pulls.waitForCountBounded(2)  // "" at 0 ms; its quiet period ends at 300 ms
  for (step, text) in ["d", "du", "dune"].enumerated() {
    await clock.advance(by: .milliseconds(50))
    write(text)
    try await pulls.waitForCountBounded(3 + step)
  }
  // At 150 ms "dune" restarted the quiet period: the timer that wakes at 300 ms sleeps on.
  await clock.advance(to: ManualClock.Instant(offset: .milliseconds(449)))
  try await clock.waitForSleepersBounded(count: 1)
  #expect(consumer.received.values.isEmpty, sourceLocation: sourceLocation)
  await clock.advance(by: .milliseconds(1))
  try await consumer.received.waitForCountBounded(1)
  await clock.advance(by: .seconds(1))
  try await consumer.stop()
  return consumer.received.values
}

/// A values sequence under `throttled`: the current value runs at once and opens a 300 ms
/// window, three writes land inside it, and the window's end runs the newest, "dune".
///
/// - Parameters:
///   - values: The sequence under test, over the model `write` changes.
///   - write: Writes one text to the model, on the main actor, as an app does.
/// - Returns: What the throttled consumer received.
@MainActor
public func throttledBurst<Values: AsyncSequence & Sendable>(
  of values: Values, writing write: @MainActor (String) -> Void
) async throws -> [String] where Values.Element == String {
  let clock = ManualClock()
  let pulls = ValueRecorder<Void>()
  let consumer = RecordingConsumer(
    PullCounted(base: values, pulls: pulls).throttled(for: .milliseconds(300), clock: clock))
  // The first value opens the window and runs at once.
  try await consumer.received.waitForCountBounded(1)
  try await pulls.waitForCountBounded(2)
  for (step, text) in ["d", "du", "dune"].enumerated() {
    write(text)
    try await pulls.waitForCountBounded(3 + step)
  }
  await clock.advance(by: .milliseconds(300))
  try await consumer.received.waitForCountBounded(2)
  try await consumer.stop()
  return consumer.received.values
}
