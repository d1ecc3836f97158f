// Hooks: replays settle after every step on `waitUntilQuiescent()` (and an operator's `engine`);
// nothing public says that nothing more happens until the clock moves.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Replays every timeline drawn in the guides on a ManualClock and checks the runs it shows.
///
/// Each replay moves the clock one grid step at a time, and every deadline lies on the grid,
/// so no advance jumps over a deadline. To draw a new kind of timeline, add its replay here
/// first: a timeline nobody replays fails.
@Suite("Timelines in the guides", .watched)
struct TimelineReplayTests {
  static let file = Result { try Timeline.load() }

  static var timelines: [Timeline] { (try? file.get().timelines) ?? [] }

  @Test func theTimelineFileLoadsAndEveryTimeIsOnItsGrid() throws {
    let file = try Self.file.get()
    #expect(file.step > 0)
    #expect(!file.timelines.isEmpty)
    #expect(Set(file.timelines.map(\.name)).count == file.timelines.count, "names are unique")
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

  @Test(.backstop(minutes: 1), arguments: timelines)
  func replayingTheInputsGivesTheRunsShown(timeline: Timeline) async throws {
    let step = try Self.file.get().step
    let interval = Duration.milliseconds(timeline.interval)
    let replayed: [Timeline.Event]
    let outcomes = timeline.outcomes.map { _ in ValueRecorder<Timeline.Event>() }
    switch timeline.kind {
    case "debouncer" where timeline.fold == "collect":
      replayed = try await replayTimedRuns(timeline, step: step) { clock, action in
        let debouncer = FoldingDebouncer(
          for: interval, options: timeline.debounceOptions, folding: .collect, clock: clock
        ) { (values: [String]) in await action(values.joined()) }
        return TimedRunsDriver(
          send: { debouncer.send($0) }, cancel: { debouncer.cancel() },
          flush: { await debouncer.flush() }, settle: { await debouncer.waitUntilQuiescent() },
          keepAlive: debouncer)
      }
    case "debouncer" where timeline.results == true:
      replayed = try await replayTimedRuns(timeline, step: step, outcomes: outcomes) {
        clock, action in
        let debouncer = Debouncing(
          for: interval, options: timeline.debounceOptions, clock: clock
        ) { (value: String) -> String in
          await action(value)
          return value
        }
        return TimedRunsDriver(
          send: { debouncer.send($0) },
          sendAndWait: { value in
            do {
              return "gets \(try await debouncer.sendAndWaitForResult(value))"
            } catch is DroppedValueError {
              return "dropped"
            }
          },
          inputsSent: { debouncer.inputsSent }, cancel: { debouncer.cancel() },
          flush: { await debouncer.flush() }, settle: { await debouncer.waitUntilQuiescent() },
          keepAlive: debouncer)
      }
    case "debouncer":
      replayed = try await replayTimedRuns(timeline, step: step, outcomes: outcomes) {
        clock, action in
        // The box holds the only reference, so that `!release` releases the debouncer; the
        // engine outlives it while a pending value runs, and the replay settles on it.
        let box = LockedState<Debouncer<String, ManualClock>?>(
          Debouncer(
            for: interval, options: timeline.debounceOptions,
            onRelease: timeline.releasePolicy, clock: clock, action: action))
        let engine = box.withLock { $0?.engine }
        return TimedRunsDriver(
          send: { value in box.withLock { $0 }?.send(value) },
          sendAndWait: { value in
            "\(try await box.withLock { $0 }?.sendAndWait(value) ?? .dropped)"
          },
          inputsSent: { engine?.inputsSent ?? 0 }, cancel: { box.withLock { $0 }?.cancel() },
          release: {
            // Taken out under the lock, released outside it.
            let owner = box.withLock { owner in
              defer { owner = nil }
              return owner
            }
            _ = owner
          },
          flush: { await box.withLock { $0 }?.flush() },
          enterBackground: {
            guard let debouncer = box.withLock({ $0 }) else { return }
            // The core `flushOnBackground(_:)` forwards the scene phase to, with a stand-in
            // for UIKit's background tasks.
            await MainActor.run {
              BackgroundFlush(assertions: RecordingAssertions())
                .sceneEnteredBackground(flushing: [debouncer])
            }.value
          },
          settle: { await engine?.waitUntilQuiescent() },
          keepAlive: box)
      }
    case "throttler" where timeline.fold == "collect":
      replayed = try await replayTimedRuns(timeline, step: step) { clock, action in
        let throttler = FoldingThrottler(
          for: interval, mode: timeline.throttleMode, folding: .collect, clock: clock
        ) { (values: [String]) in await action(values.joined()) }
        return TimedRunsDriver(
          send: { throttler.send($0) }, cancel: { throttler.cancel() },
          flush: { await throttler.flush() }, settle: { await throttler.waitUntilQuiescent() },
          keepAlive: throttler)
      }
    case "throttler":
      replayed = try await replayTimedRuns(timeline, step: step) { clock, action in
        let throttler = Throttler(
          for: interval, mode: timeline.throttleMode, clock: clock, action: action)
        return TimedRunsDriver(
          send: { throttler.send($0) }, cancel: { throttler.cancel() },
          flush: { await throttler.flush() }, settle: { await throttler.waitUntilQuiescent() },
          keepAlive: throttler)
      }
    case "keyed-debouncer":
      // An input `x:a` sends `a` for key `x`; a run records `x:a`.
      replayed = try await replayTimedRuns(timeline, step: step) { clock, action in
        let debouncer = KeyedDebouncer(
          for: interval, options: timeline.debounceOptions, clock: clock
        ) { (key: String, value: String) in await action("\(key):\(value)") }
        return TimedRunsDriver(
          send: { input in
            let (key, value) = Timeline.keyAndValue(input)
            debouncer.send(value, forKey: key)
          },
          cancel: { debouncer.cancel() }, flush: { await debouncer.flush() },
          settle: { await debouncer.waitUntilQuiescent() }, keepAlive: debouncer)
      }
    case "keyed-throttler":
      replayed = try await replayTimedRuns(timeline, step: step) { clock, action in
        let throttler = KeyedThrottler(
          for: interval, mode: timeline.throttleMode, clock: clock
        ) { (key: String, value: String) in await action("\(key):\(value)") }
        return TimedRunsDriver(
          send: { input in
            let (key, value) = Timeline.keyAndValue(input)
            throttler.send(value, forKey: key)
          },
          cancel: { throttler.cancel() }, flush: { await throttler.flush() },
          settle: { await throttler.waitUntilQuiescent() }, keepAlive: throttler)
      }
    case "rate-limiter":
      replayed = try await replayTimedRuns(timeline, step: step) { clock, action in
        let limiter = RateLimiter(
          limit: timeline.limit ?? 1, per: interval, clock: clock, action: action)
        return TimedRunsDriver(
          send: { limiter.send($0) }, cancel: { limiter.cancel() },
          settle: { await limiter.waitUntilQuiescent() }, keepAlive: limiter)
      }
    case "debounced":
      replayed = try await replayOperator(timeline, step: step) { source, clock in
        source.debounced(
          for: interval, options: timeline.debounceOptions, buffering: timeline.elementBuffering,
          clock: clock)
      }
    case "throttled":
      replayed = try await replayOperator(timeline, step: step) { source, clock in
        source.throttled(
          for: interval, mode: timeline.throttleMode, buffering: timeline.elementBuffering,
          clock: clock)
      }
    default:
      // A picture nobody replays could disagree with the behaviour: add a replay first.
      Issue.record("\(timeline.name): no replay for kind '\(timeline.kind)'")
      return
    }
    #expect(replayed == timeline.runs)
    if let expected = timeline.outcomes {
      // Callers that return at one instant resume in any order: compare as sorted lists.
      let order = { (a: Timeline.Event, b: Timeline.Event) in (a.at, a.value) < (b.at, b.value) }
      #expect(
        outcomes?.values.sorted(by: order) == expected.sorted(by: order),
        "what each caller learned")
    }
  }
}
