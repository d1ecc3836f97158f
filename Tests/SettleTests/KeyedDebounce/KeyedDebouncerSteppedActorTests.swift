import Settle
import SettleTestSupport
import SettleTesting
import Testing

// In DebouncerSteppedActorTests' serialized suite: ``SteppedActor`` is one global queue, and
// tests that drain it must not run beside each other.
extension DebouncerSteppedActorTests {
  /// Per key, the no-stale-start rule of `Debouncer`: while the starts of x's and y's runs
  /// wait on the action's actor, a `send` or `cancel(forKey:)` for x stops x's earlier value
  /// from starting, and y's run, of another key, starts as it was.
  @Test(.serialized, arguments: ["send", "cancel"])
  func keyedNoActionForAnEarlierValueOfAKeyStartsAfterSendOrCancelForThatKey(
    call: String
  ) async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let debouncer = KeyedDebouncer(for: .milliseconds(10), clock: clock) {
      @SteppedActor (key: String, value: String) in
      ran.record("\(key):\(value)")
    }
    for round in 0..<20 {
      debouncer.send("a\(round)", forKey: "x")
      debouncer.send("a\(round)", forKey: "y")
      await clock.advance(ms: 10)
      try await SteppedActor.executor.waitForJobs(2)  // both starts wait on the actor
      if call == "send" {
        debouncer.send("b\(round)", forKey: "x")
      } else {
        debouncer.cancel(forKey: "x")
      }
      SteppedActor.executor.drain()
      await clock.advance(ms: 10)
      if call == "send" {
        try await SteppedActor.executor.waitForJobs(1)
        SteppedActor.executor.drain()
      }
      try await debouncer.waitUntilIdleBounded()
    }
    let expected = (0..<20).flatMap { round in
      call == "send" ? ["y:a\(round)", "x:b\(round)"] : ["y:a\(round)"]
    }
    #expect(ran.values == expected)
  }
}
