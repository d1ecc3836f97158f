import Settle
import SettleTesting
import Testing

@Suite("Operator timelines", .timeLimit(.minutes(1)))
struct OperatorTimelineTests {
  static let debounceTimelines: [(OperatorTimeline, DebounceOptions)] = [
    (
      OperatorTimeline(
        "trailing", inputs: "a@0 b@1 c@2 d@3 e@8 f@12 g@14", end: "finish@19",
        expected: "d@6 e@11 g@17 finish@19"),
      DebounceOptions()
    ),
    (
      OperatorTimeline(
        "leading and trailing", inputs: "a@0 b@1 c@2 d@3 e@8 f@12 g@14", end: "finish@19",
        expected: "a@0 d@6 e@8 f@12 g@17 finish@19"),
      DebounceOptions(leading: true)
    ),
    (
      OperatorTimeline(
        "leading only", inputs: "a@0 b@1 c@2 d@3 e@8 f@12 g@14", end: "finish@19",
        expected: "a@0 e@8 f@12 finish@19"),
      .leading
    ),
    (
      OperatorTimeline(
        "maxWait", inputs: "v0@0 v1@2 v2@4 v3@6 v4@8 v5@10", end: "finish@20",
        expected: "v2@5 v5@11 finish@20"),
      DebounceOptions(maxWait: .seconds(5))
    ),
    (
      OperatorTimeline(
        "finish emits the pending element at once", inputs: "a@0 b@1", end: "finish@2",
        expected: "b@2 finish@2"),
      DebounceOptions()
    ),
    (
      OperatorTimeline(
        "error drops the pending element", inputs: "a@0 b@4 c@5", end: "error@6",
        expected: "a@3 error@6"),
      DebounceOptions()
    ),
  ]

  @Test(arguments: debounceTimelines)
  func debounced(_ timeline: OperatorTimeline, options: DebounceOptions) async {
    let outputs = await replay(timeline) { source, clock in
      source.debounced(for: .seconds(3), options: options, clock: clock)
    }
    #expect(outputs == timeline.expected)
  }

  static let throttleTimelines: [(OperatorTimeline, Bool)] = [
    (
      OperatorTimeline(
        "latest", inputs: "a@0 b@1 c@2 d@3 e@8 f@12 g@14", end: "finish@19",
        expected: "a@0 c@3 d@6 e@9 f@12 g@15 finish@19"),
      true
    ),
    (
      OperatorTimeline(
        "first", inputs: "a@0 b@1 c@2 d@3 e@8 f@12 g@14", end: "finish@19",
        expected: "a@0 b@3 d@6 e@9 f@12 g@15 finish@19"),
      false
    ),
    (
      OperatorTimeline(
        "finish emits the waiting element at once", inputs: "a@0 b@1", end: "finish@2",
        expected: "a@0 b@2 finish@2"),
      true
    ),
    (
      OperatorTimeline(
        "error drops the waiting element", inputs: "a@0 b@1", end: "error@2",
        expected: "a@0 error@2"),
      true
    ),
  ]

  @Test(arguments: throttleTimelines)
  func throttled(_ timeline: OperatorTimeline, latest: Bool) async {
    let outputs = await replay(timeline) { source, clock in
      source.throttled(for: .seconds(3), latest: latest, clock: clock)
    }
    #expect(outputs == timeline.expected)
  }
}
