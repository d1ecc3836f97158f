import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `throttled` never emits two elements within one interval, whatever the base does, and the
/// element waiting when the base finishes is emitted: random inputs, intervals and modes,
/// replayed on a `ManualClock` through the same replay as the guides' timelines.
@Suite("throttled keeps its rate: random inputs", .watched)
struct ThrottledRatePropertyTests {
  static let step = 50

  /// The throttle's rules on the replay's grid, written plainly: at each instant the window's
  /// timer acts before that instant's input; a value with no window open goes out at once.
  static func expectedRuns(
    inputs: [Timeline.Event], finishAt: Int, interval: Int, latest: Bool
  ) -> [Timeline.Event] {
    var runs: [Timeline.Event] = []
    var windowEnd: Int?
    var held: String?
    for time in stride(from: 0, through: finishAt, by: step) {
      if let value = held, let end = windowEnd, end <= time {
        runs.append(Timeline.Event(value: value, at: end))
        windowEnd = end + interval
        held = nil
      }
      guard let input = inputs.first(where: { $0.at == time }) else { continue }
      if let end = windowEnd, time < end {
        held = latest ? input.value : (held ?? input.value)
      } else {
        runs.append(input)
        windowEnd = time + interval
      }
    }
    guard let value = held, let end = windowEnd else {
      return runs + [Timeline.Event(value: "!end", at: finishAt)]
    }
    return runs + [Timeline.Event(value: value, at: end), Timeline.Event(value: "!end", at: end)]
  }

  static func randomTimeline(seed: UInt64) -> Timeline {
    var random = SplitMix64(seed: seed)
    let interval = step * Int.random(in: 1...8, using: &random)
    let latest = Bool.random(using: &random)
    var inputs: [Timeline.Event] = []
    var time = 0
    for index in 0..<Int.random(in: 1...12, using: &random) {
      inputs.append(Timeline.Event(value: "v\(index)", at: time))
      time += step * Int.random(in: 1...6, using: &random)
    }
    let finishAt = time
    let runs = expectedRuns(inputs: inputs, finishAt: finishAt, interval: interval, latest: latest)
    return Timeline(
      name: "random \(seed)", kind: "throttled", interval: interval, latest: latest,
      end: (runs.last?.at ?? finishAt) + step,
      inputs: inputs + [Timeline.Event(value: "!finish", at: finishAt)], runs: runs)
  }

  @Test func everyTwoEmissionsAreAtLeastOneIntervalApartAndTheLastWaitingOneComes()
    async throws
  {
    let trials =
      Environment.value("SETTLE_MODEL_SCHEDULES").flatMap(Int.init).map { $0 / 10 } ?? 30
    for seed in 1...UInt64(max(trials, 10)) {
      let timeline = Self.randomTimeline(seed: seed)
      let interval = Duration.milliseconds(timeline.interval)
      let latest = timeline.latest ?? true
      let replayed = try await bounded("the replay of \(timeline.name)") {
        try await TimelineReplayTests().replayOperator(timeline, step: Self.step) { source, clock in
          source.throttled(
            for: interval, mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd, clock: clock)
        }
      }
      let elements = replayed.filter { !$0.isCall }
      for (earlier, later) in zip(elements, elements.dropFirst()) {
        #expect(
          later.at - earlier.at >= timeline.interval,
          "\(timeline.name): \(earlier) and \(later) closer than \(timeline.interval) ms")
      }
      #expect(replayed == timeline.runs, "\(timeline.name), latest: \(latest)")
      #expect(replayed.last?.value == "!end")
      if replayed != timeline.runs { return }  // one failing schedule is enough to read
    }
  }
}
