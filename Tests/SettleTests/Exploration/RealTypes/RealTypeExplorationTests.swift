import SettleTestSupport
import Testing

/// The real types, under every order of their jobs within a delay bound (see
/// ``exploreSchedules(_:delays:limit:)``): each scenario's script, timer task, run tasks and
/// consumers interleave as the runtime could schedule them, not as it happens to.
@Suite("Exploration: every job order of the real types' scenarios, within a delay bound", .watched)
struct RealTypeExplorationTests {
  /// Two delays at the shallow level, not one: one misses the seeded early `waitUntilIdle()`.
  static let delays = ExplorationLevel.pick(shallow: 2, standard: 3, deep: 5)
  /// The sequence operator's scenario has about three times as many jobs (a consumer task,
  /// the base's pulls, the delivery), so the same bound would cost a hundred times more; the
  /// keyed result scenario, with four callers over two keys, about thirty times more.
  static let sequenceDelays = ExplorationLevel.pick(shallow: 1, standard: 2, deep: 4)
  /// The unkeyed result scenario: one delay in a plain `swift test` (and the sanitizer runs,
  /// where two delays' 1,736 schedules took three minutes of a core beside the suite and
  /// starved a test of Apple's `Observations`); the thorough step and the mutant tests use
  /// the standard bound.
  static let resultDelays = ExplorationLevel.pick(shallow: 1, standard: 3, deep: 5)
  /// Fewer schedules than this means the scenario lost its interleavings (the shallow level's
  /// one delay leaves the sequence scenario about seventy; two leave the others hundreds).
  static let enough = ExplorationLevel.pick(shallow: 50, standard: 100, deep: 100)
  /// A safety stop far above what the delay bounds reach.
  static let limit = 1_000_000

  static func explore<Scenario: JobScenario>(
    _ scenario: Scenario.Type, delays: Int = Self.delays
  ) async -> ScheduleReport {
    let report = await exploreSchedules(scenario, delays: delays, limit: limit)
    print("\(Scenario.self): \(report)")
    return report
  }

  @Test func debouncerKeepsItsGuaranteesInEveryJobOrder() async {
    let report = await Self.explore(DebouncerScenario.self)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func debouncerWaitUntilIdleWaitsForTheRunningAction() async {
    let report = await Self.explore(DebouncerIdleScenario.self)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > 1, "\(report)")
  }

  @Test func debouncerFlushWaitsForTheRunningAction() async {
    let report = await Self.explore(DebouncerFlushScenario.self)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > 1, "\(report)")
  }

  @Test func everyCallerGetsItsCoveringRunsResultInEveryJobOrder() async {
    let report = await Self.explore(DebouncerResultScenario.self, delays: Self.resultDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func everyKeyedCallerGetsItsOwnKeysResultInEveryJobOrder() async {
    let report = await Self.explore(KeyedDebouncerResultScenario.self, delays: Self.sequenceDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func throttlerKeepsItsGuaranteesInEveryJobOrder() async {
    let report = await Self.explore(ThrottlerScenario.self)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func debouncedSequenceKeepsItsGuaranteesInEveryJobOrder() async {
    let report = await Self.explore(DebouncedSequenceScenario.self, delays: Self.sequenceDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func throttledSequenceTimerCaughtUpByAnElementServesTheLastWindow() async {
    let report = await Self.explore(
      ThrottledSequenceAdoptedTimerScenario.self, delays: Self.sequenceDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func debouncedSequenceTimerHeldWhileCaughtUpKeepsItsGuarantees() async {
    let report = await Self.explore(
      DebouncedSequenceGatedAdoptedTimerScenario.self, delays: Self.sequenceDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func throttledSequenceTimerHeldWhileCaughtUpServesTheLastWindow() async {
    let report = await Self.explore(
      ThrottledSequenceGatedAdoptedTimerScenario.self, delays: Self.sequenceDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }

  @Test func debouncedSequenceFailingWhileItsTimerIsHeldKeepsTheSettledValue() async {
    let report = await Self.explore(
      DebouncedSequenceGatedFailureAfterCatchUpScenario.self, delays: Self.sequenceDelays)
    #expect(report.violation == nil, "\(report)")
    #expect(!report.bounded && report.schedules > Self.enough, "\(report)")
  }
}
