import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A consumer slower than values settle: by default it gets the first settled value and then
/// only the newest, never a queue of stale ones; `.unbounded` keeps every one, in order.
///
/// Replayed like the guides' timelines: the consumer spends one second of the `ManualClock`
/// on each element, and the replay lets it go when the clock has moved that far.
@Suite("A slow consumer of debounced and throttled", .watched)
struct SlowConsumerTests {
  /// Typing that settles five times, 300 ms after each burst, while the consumer is busy for
  /// one second with each element; the upstream ends at 2 s.
  static let typing = [
    Timeline.Event(value: "a", at: 0), Timeline.Event(value: "ab", at: 400),
    Timeline.Event(value: "abc", at: 800), Timeline.Event(value: "abcd", at: 1200),
    Timeline.Event(value: "abcde", at: 1600), Timeline.Event(value: "!finish", at: 2000),
  ]

  static func timeline(kind: String, runs: [(String, Int)]) -> Timeline {
    Timeline(
      name: "slow consumer", kind: kind, interval: 300, consumerBusy: 1000,
      end: (runs.last?.1 ?? 0) + 100, inputs: typing,
      runs: runs.map { Timeline.Event(value: $0.0, at: $0.1) })
  }

  @Test func aDebouncedSearchGetsTheFirstSettledValueThenOnlyTheNewest() async throws {
    // a settles at 300 and is taken at once; ab (700) and abc (1100) settle while it is busy,
    // and only abc waits at 1300; abcd (1500) and abcde (1900) likewise, and abcde comes at
    // 2300; the end, at 2 s, reaches the consumer when it next asks, at 3300.
    let timeline = Self.timeline(
      kind: "debounced", runs: [("a", 300), ("abc", 1300), ("abcde", 2300), ("!end", 3300)])
    let replayed = try await bounded("the replay") {
      try await TimelineReplayTests().replayOperator(timeline, step: 100) { source, clock in
        source.debounced(for: .milliseconds(300), clock: clock)
      }
    }
    #expect(replayed == timeline.runs)
    #expect(replayed.filter { !$0.isCall }.count == 3, "five values settled; three reached it")
  }

  @Test func unboundedBufferingDeliversEverySettledValueInOrder() async throws {
    let timeline = Self.timeline(
      kind: "debounced",
      runs: [
        ("a", 300), ("ab", 1300), ("abc", 2300), ("abcd", 3300), ("abcde", 4300), ("!end", 5300),
      ])
    let replayed = try await bounded("the replay") {
      try await TimelineReplayTests().replayOperator(timeline, step: 100) { source, clock in
        source.debounced(for: .milliseconds(300), buffering: .unbounded, clock: clock)
      }
    }
    #expect(replayed == timeline.runs)
  }

  @Test func aThrottledConsumerAlsoGetsOnlyTheNewest() async throws {
    // Windows of 300 ms: every value arrives after the previous window ended, so each goes out
    // at once: a at 0, ab at 400, abc at 800, abcd at 1200, abcde at 1600. The consumer, busy
    // from 0 to 1000, finds abc waiting (ab was replaced), and from 1000 to 2000 abcde.
    let timeline = Self.timeline(
      kind: "throttled", runs: [("a", 0), ("abc", 1000), ("abcde", 2000), ("!end", 3000)])
    let replayed = try await bounded("the replay") {
      try await TimelineReplayTests().replayOperator(timeline, step: 100) { source, clock in
        source.throttled(for: .milliseconds(300), clock: clock)
      }
    }
    #expect(replayed == timeline.runs)
  }
}
