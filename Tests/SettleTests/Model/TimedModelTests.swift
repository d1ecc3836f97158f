// Hooks: `waitUntilQuiescent()` and `hasTimer` settle the real type after each random step;
// nothing public says that nothing more happens until the clock moves.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// One step of a random schedule, in ticks of one millisecond.
enum ScheduleStep: Equatable, CustomStringConvertible {
  case send(Int)
  case advance(Int)
  case cancel
  case flush

  var description: String {
    switch self {
    case .send(let value): "send(\(value))"
    case .advance(let ticks): "advance(\(ticks))"
    case .cancel: "cancel"
    case .flush: "flush"
    }
  }
}

/// A run seen by a model or by the real type: the value and the tick it started at.
struct ModelRun: Equatable, CustomStringConvertible {
  var value: Int
  var tick: Int
  var description: String { "\(value)@\(tick)" }
}

/// The Debouncer's rules, written as plainly as possible: walk time tick by tick.
struct DebounceModel {
  let interval: Int
  let leading: Bool
  let trailing: Bool
  let maxWait: Int?
  var now = 0
  var lastSend: Int?
  var pending: (value: Int, firstUnrun: Int)?
  var runs: [ModelRun] = []

  mutating func apply(_ step: ScheduleStep) {
    switch step {
    case .send(let value):
      let newBurst = lastSend.map { now >= $0 + interval } ?? true
      lastSend = now
      if leading && newBurst {
        pending = nil
        runs.append(ModelRun(value: value, tick: now))
      } else if trailing {
        pending = (value, pending?.firstUnrun ?? now)
      }
      runDue()
    case .advance(let ticks):
      for _ in 0..<ticks {
        now += 1
        runDue()
      }
    case .cancel:
      pending = nil
      lastSend = nil
    case .flush:
      if let waiting = pending { runs.append(ModelRun(value: waiting.value, tick: now)) }
      pending = nil
    }
  }

  private mutating func runDue() {
    guard let waiting = pending, let lastSend else { return }
    let quietOver = now >= lastSend + interval
    let waitedTooLong = maxWait.map { now >= waiting.firstUnrun + max($0, interval) } ?? false
    if quietOver || waitedTooLong {
      runs.append(ModelRun(value: waiting.value, tick: now))
      pending = nil
    }
  }
}

/// The Throttler's rules: a window opens at each run and lasts one interval; or, in
/// ``ThrottleMode/newestAtWindowEndOnly``, at each value that finds none open.
struct ThrottleModel {
  let interval: Int
  /// In a window, the newest value waits (`true`) or the first one does (`false`).
  let latest: Bool
  /// Values inside a window are dropped and nothing waits (``ThrottleMode/cooldown``).
  var cooldown = false
  /// A value with no window open opens one and waits for its end, whose run opens none
  /// (``ThrottleMode/newestAtWindowEndOnly``, RxJS's `auditTime`); needs `latest`.
  var trailingOnly = false
  var now = 0
  var windowEnd: Int?
  var pending: Int?
  var runs: [ModelRun] = []

  mutating func apply(_ step: ScheduleStep) {
    switch step {
    case .send(let value):
      if let end = windowEnd, now < end {
        if cooldown { return }
        if latest || pending == nil { pending = value }
      } else if trailingOnly {
        pending = value
        windowEnd = now + interval
        runDue()  // a zero interval ends the window at once
      } else {
        runs.append(ModelRun(value: value, tick: now))
        windowEnd = now + interval
      }
    case .advance(let ticks):
      for _ in 0..<ticks {
        now += 1
        runDue()
      }
    case .cancel:
      pending = nil
      windowEnd = nil
    case .flush:
      if let waiting = pending { runs.append(ModelRun(value: waiting, tick: now)) }
      pending = nil
      // The flushed run is the window's end: the next value opens a fresh window.
      if trailingOnly { windowEnd = nil }
    }
  }

  /// Runs the waiting value when its window has ended; that run opens the next window, or
  /// none in ``ThrottleMode/newestAtWindowEndOnly``.
  private mutating func runDue() {
    guard let waiting = pending, let end = windowEnd, now >= end else { return }
    runs.append(ModelRun(value: waiting, tick: now))
    windowEnd = trailingOnly ? nil : now + interval
    pending = nil
  }
}

extension ThrottleModel {
  /// The model of a throttle in `mode`.
  init(interval: Int, mode: ThrottleMode) {
    self.init(interval: interval, latest: mode != .firstAtWindowEnd)
    cooldown = mode == .cooldown
    trailingOnly = mode == .newestAtWindowEndOnly
  }
}

/// The RateLimiter's rules: a queue, and a place in the window for each run, held for one
/// interval from the tick the run started.
struct RateLimitModel {
  let limit: Int
  let interval: Int
  var now = 0
  var queue: [Int] = []
  /// The ticks of the runs whose places are still taken, or were when last looked at.
  var starts: [Int] = []
  var runs: [ModelRun] = []

  mutating func apply(_ step: ScheduleStep) {
    switch step {
    case .send(let value):
      queue.append(value)
      runDue()
    case .advance(let ticks):
      for _ in 0..<ticks {
        now += 1
        runDue()
      }
    case .cancel:
      queue.removeAll()
      starts.removeAll()
    case .flush:
      break  // a rate limiter has nothing to hurry
    }
  }

  /// Runs the queued values, first sent first, while a place is free at `now`.
  private mutating func runDue() {
    starts.removeAll { $0 + interval <= now }
    while !queue.isEmpty, starts.count < limit {
      runs.append(ModelRun(value: queue.removeFirst(), tick: now))
      starts.append(now)
      starts.removeAll { $0 + interval <= now }
    }
  }
}

func randomSchedule(
  using generator: inout SplitMix64, length: Int, flushes: Bool = true
) -> [ScheduleStep] {
  var value = 0
  return (0..<length).map { _ in
    switch Int.random(in: 0..<20, using: &generator) {
    case 0..<10:
      value += 1
      return .send(value)
    case 10..<17: return .advance(Int.random(in: 1...4, using: &generator))
    case 17..<19: return flushes ? .flush : .cancel
    default: return .cancel
    }
  }
}

/// Greedily drops steps while the schedule still diverges, so the printed one is short.
func minimise(
  _ schedule: [ScheduleStep], diverges: ([ScheduleStep]) async throws -> Bool
) async rethrows -> [ScheduleStep] {
  var current = schedule
  var index = 0
  while index < current.count {
    var candidate = current
    candidate.remove(at: index)
    if try await diverges(candidate) { current = candidate } else { index += 1 }
  }
  return current
}

/// What the model tests drive: the same surface on Debouncer, Throttler and RateLimiter.
protocol TimedSubject: Sendable {
  func send(_ value: Int)
  func cancel()
  func waitUntilQuiescent() async
  var hasTimer: Bool { get }
}

/// A subject with a pending value to hurry; a rate limiter's schedules have no flush steps.
protocol FlushingTimedSubject: TimedSubject {
  func flush() async
}

extension Debouncing: TimedSubject, FlushingTimedSubject
where Folding == LatestValue<Int>, C == ManualClock {}
extension Throttling: TimedSubject, FlushingTimedSubject
where Folding == LatestValue<Int>, C == ManualClock {}
extension RateLimiting: TimedSubject where Value == Int, C == ManualClock {}

@Suite("Model-based: Debouncer, Throttler and RateLimiter against reference models", .watched)
struct TimedModelTests {
  /// Hundreds by default, so that a plain `swift test` stays quick; CI's thorough step raises
  /// it to thousands through the environment (`.ci/run`).
  static let schedules = Int(Environment.value("SETTLE_MODEL_SCHEDULES") ?? "") ?? 300
  static let steps = 30

  /// Runs `schedule` on a real Debouncer or Throttler, settling after every step.
  ///
  /// One bounded wait covers the whole schedule rather than one per settle: thousands of
  /// schedules run, and each bounded wait costs a task hop. Past the limit the message names
  /// the step the schedule was stuck at.
  static func realRuns<Subject: TimedSubject>(
    _ schedule: [ScheduleStep],
    _ makeSubject: (ManualClock, @escaping @Sendable (Int) -> Void) -> Subject
  ) async throws -> [ModelRun] {
    let clock = ManualClock()
    let ran = ValueRecorder<ModelRun>()
    let subject = makeSubject(clock) { value in
      ran.record(ModelRun(value: value, tick: clock.millis))
    }
    let reached = LockedState(0)
    try await bounded(
      "\(Subject.self) to settle after step \(reached.withLock { $0 }) of \(schedule)"
    ) {
      func settle() async {
        await subject.waitUntilQuiescent()
        await clock.waitForSleepers(count: subject.hasTimer ? 1 : 0)
      }
      for (index, step) in schedule.enumerated() {
        reached.withLock { $0 = index }
        switch step {
        case .send(let value): subject.send(value)
        case .advance(let ticks):
          // One tick at a time, settling in between, so every run starts at its own tick.
          for _ in 0..<ticks {
            await clock.advance(ms: 1)
            await settle()
          }
        case .cancel: subject.cancel()
        case .flush:
          guard let flushing = subject as? any FlushingTimedSubject else {
            Issue.record("a flush step in a schedule for \(Subject.self), which cannot flush")
            return
          }
          await flushing.flush()
        }
        await settle()
      }
    }
    return ran.values
  }

  static func debouncerRuns(
    _ schedule: [ScheduleStep], interval: Int, options: DebounceOptions
  ) async throws -> [ModelRun] {
    try await realRuns(schedule) { clock, record in
      Debouncer(for: .milliseconds(interval), options: options, clock: clock) { record($0) }
    }
  }

  static func throttlerRuns(_ schedule: [ScheduleStep], interval: Int, mode: ThrottleMode)
    async throws -> [ModelRun]
  {
    try await realRuns(schedule) { clock, record in
      Throttler(for: .milliseconds(interval), mode: mode, clock: clock) { record($0) }
    }
  }

  static func rateLimiterRuns(_ schedule: [ScheduleStep], limit: Int, interval: Int)
    async throws -> [ModelRun]
  {
    try await realRuns(schedule) { clock, record in
      RateLimiter(limit: limit, per: .milliseconds(interval), clock: clock) { record($0) }
    }
  }

  /// One trial: a description of the configuration, the runs the model starts for a
  /// schedule, and the runs the real type starts for it.
  struct Trial {
    var configuration: String
    var schedule: [ScheduleStep]
    var expected: ([ScheduleStep]) -> [ModelRun]
    var actual: ([ScheduleStep]) async throws -> [ModelRun]
  }

  /// The runs `model` starts for `schedule`.
  static func modelRuns<Model: TimedReferenceModel>(_ model: Model, _ schedule: [ScheduleStep])
    -> [ModelRun]
  {
    var model = model
    for step in schedule { model.apply(step) }
    return model.runs
  }

  /// Runs `schedules` trials made by `makeTrial` from one seeded generator; a trial whose real
  /// runs differ from the model's is shrunk to a minimal schedule and recorded, up to three.
  static func expectTheModelMatches(
    seed: UInt64, _ makeTrial: (inout SplitMix64) -> Trial
  ) async throws {
    var generator = SplitMix64(seed: seed)
    var divergences = 0
    for trial in 0..<Self.schedules {
      let made = makeTrial(&generator)
      func diverges(_ schedule: [ScheduleStep]) async throws -> Bool {
        try await made.actual(schedule) != made.expected(schedule)
      }
      guard try await diverges(made.schedule) else { continue }
      divergences += 1
      let minimal = try await minimise(made.schedule, diverges: diverges)
      Issue.record(
        """
        trial \(trial): \(made.configuration): \(minimal)
        expected \(made.expected(minimal)), got \(try await made.actual(minimal))
        """)
      if divergences >= 3 { break }
    }
    #expect(divergences == 0)
  }

  @Test(.backstop(minutes: 5))
  func debouncerMatchesTheModel() async throws {
    try await Self.expectTheModelMatches(seed: 0x5E77_1E) { generator in
      let interval = [0, 1, 2, 3, 5].randomElement(using: &generator)!
      let edges = Int.random(in: 0..<3, using: &generator)
      let leading = edges != 0
      let trailing = edges != 1
      let maxWait: Int? =
        Bool.random(using: &generator) ? Int.random(in: 0...8, using: &generator) : nil
      let options = DebounceOptions(
        leading: leading, trailing: trailing, maxWait: maxWait.map { .milliseconds($0) })
      return Trial(
        configuration: "interval \(interval), \(options)",
        schedule: randomSchedule(using: &generator, length: Self.steps),
        expected: {
          Self.modelRuns(
            DebounceModel(
              interval: interval, leading: leading, trailing: trailing, maxWait: maxWait), $0)
        },
        actual: { try await Self.debouncerRuns($0, interval: interval, options: options) })
    }
  }

  @Test(.backstop(minutes: 5))
  func throttlerMatchesTheModel() async throws {
    try await Self.expectTheModelMatches(seed: 0x7407_7E) { generator in
      let interval = [0, 1, 2, 3, 5].randomElement(using: &generator)!
      // The modes that hold a value; the cooldown, which holds none, has `CooldownTests`.
      let mode = [ThrottleMode.newestAtWindowEnd, .firstAtWindowEnd, .newestAtWindowEndOnly]
        .randomElement(using: &generator)!
      return Trial(
        configuration: "interval \(interval), \(mode)",
        schedule: randomSchedule(using: &generator, length: Self.steps),
        expected: { Self.modelRuns(ThrottleModel(interval: interval, mode: mode), $0) },
        actual: { try await Self.throttlerRuns($0, interval: interval, mode: mode) })
    }
  }

  @Test(.backstop(minutes: 5))
  func rateLimiterMatchesTheModel() async throws {
    try await Self.expectTheModelMatches(seed: 0x2A7E_11) { generator in
      let limit = Int.random(in: 1...3, using: &generator)
      let interval = [0, 1, 2, 3, 5].randomElement(using: &generator)!
      return Trial(
        configuration: "limit \(limit) per \(interval) ms",
        schedule: randomSchedule(using: &generator, length: Self.steps, flushes: false),
        expected: { Self.modelRuns(RateLimitModel(limit: limit, interval: interval), $0) },
        actual: { try await Self.rateLimiterRuns($0, limit: limit, interval: interval) })
    }
  }
}
