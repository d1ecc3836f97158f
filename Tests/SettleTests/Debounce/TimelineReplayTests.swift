import Settle
import SettleTesting
import Testing

/// Replays every timeline drawn in the guides on a ManualClock and checks the runs it shows.
///
/// To draw a Throttler or an operator timeline, add a `kind` case that replays it the same way
/// (one grid step at a time, settling after each step and each input; for operators, calls
/// such as `!finish` and `!fail` end the upstream), then add the timeline to the file.
@Suite("Timelines in the guides")
struct TimelineReplayTests {
  static let file = Result { try Timeline.load() }

  static var timelines: [Timeline] { (try? file.get().timelines) ?? [] }

  @Test func theTimelineFileLoadsAndEveryTimeIsOnItsGrid() throws {
    let file = try Self.file.get()
    #expect(file.step > 0)
    #expect(!file.timelines.isEmpty)
    for timeline in file.timelines {
      for time in timeline.times {
        #expect(
          time % file.step == 0, "\(timeline.name): \(time) ms is off the \(file.step) ms grid")
      }
      #expect(
        Set(timeline.inputs.map(\.at)).count == timeline.inputs.count, "one input per instant")
      #expect(timeline.inputs.allSatisfy { $0.at <= timeline.end })
    }
  }

  @Test(.timeLimit(.minutes(1)), arguments: timelines)
  func replayingTheInputsGivesTheRunsShown(timeline: Timeline) async throws {
    let step = try Self.file.get().step
    switch timeline.kind {
    case "debouncer":
      let replayed = await replayDebouncer(timeline, step: step)
      #expect(replayed == timeline.runs)
    default:
      // A picture nobody replays could disagree with the behaviour: add a replay first.
      Issue.record("\(timeline.name): no replay for kind '\(timeline.kind)'")
    }
  }

  /// Sends each input at its time (or makes the call `!cancel`, `!flush`) and records when
  /// each run starts.
  ///
  /// The clock moves one grid step at a time, and every deadline lies on the grid, so no
  /// advance jumps over a deadline; after each step and each send the replay waits until the
  /// debouncer is idle or its timer sleeps, so a run records the instant it was due.
  private func replayDebouncer(_ timeline: Timeline, step: Int) async -> [Timeline.Event] {
    let clock = ManualClock()
    let ran = ValueRecorder<Timeline.Event>()
    let options = DebounceOptions(
      leading: timeline.leading ?? false,
      trailing: timeline.trailing ?? true,
      maxWait: timeline.maxWait.map { .milliseconds($0) }
    )
    let debouncer = Debouncer(
      for: .milliseconds(timeline.interval), options: options, clock: clock
    ) { value in
      ran.record(Timeline.Event(value: value, at: clock.millis))
    }
    for time in stride(from: 0, through: timeline.end, by: step) {
      await clock.advance(toMs: time)
      await settle(debouncer, on: clock)
      for input in timeline.inputs where input.at == time {
        switch input.value {
        case "!cancel": debouncer.cancel()
        case "!flush": await debouncer.flush()
        case let call where call.hasPrefix("!"):
          Issue.record("unknown call \(call) in \(timeline.name)")
        default: debouncer.send(input.value)
        }
        await settle(debouncer, on: clock)
      }
    }
    return ran.values
  }

  /// Waits until nothing can happen before the clock moves again.
  private func settle(_ debouncer: Debouncer<String, ManualClock>, on clock: ManualClock) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await debouncer.waitUntilIdle() }
      group.addTask { await clock.waitForSleepers(count: 1) }
      await group.next()
      group.cancelAll()
    }
    // The timer may be asleep while a run it dispatched is still in flight.
    if debouncer.activeRunCount > 0, !debouncer.isPending { await debouncer.waitUntilIdle() }
  }
}
