#if SETTLE_MUTANTS
  // Hooks: switches the package's seeded faults on (see SeededFault).
  import Settle
  import Testing

  /// Each fault seeded into the engine that applies the machines is caught by exploring the
  /// real types' job orders, which prints the shortest failing schedule. Built only with
  /// `-D SETTLE_MUTANTS`; `.ci/run` runs these in a build of their own.
  extension SeededFaultSuites {
    @Suite("Mutants: the real types' job-order exploration catches each seeded fault", .serialized)
    struct RealTypeExplorationMutantTests {
      @Test func aRunStartedBeforeThePreviousReturnedOverlaps() async {
        let report = await Self.explore(DebouncerFlushScenario.self, with: .overlappingRuns)
        #expect(
          report.violation?.message.contains("two actions ran at once") == true,
          "not caught: \(report)")
      }

      @Test func waitUntilIdleResumedWhileARunIsInFlight() async {
        let report = await Self.explore(DebouncerIdleScenario.self, with: .idleWaitersResumedEarly)
        #expect(
          report.violation?.message.contains("waitUntilIdle() returned while") == true,
          "not caught: \(report)")
      }

      @Test func aSequenceWhoseTimerIsNotCaughtUpLetsTheNextElementSupersedeADueValue() async {
        let report = await Self.explore(
          DebouncedSequenceScenario.self, with: .sequenceTimerNotCaughtUp)
        #expect(
          report.violation?.message.contains("the consumer received [3], not [2, 3]") == true,
          "not caught: \(report)")
      }

      @Test func aRunThatSettlesLaterCallersHandsThemAnotherRunsResult() async {
        let report = await Self.explore(
          DebouncerResultScenario.self, with: .resultSettlesLaterCallers)
        #expect(
          report.violation?.message.contains("another run's result") == true,
          "not caught: \(report)")
      }

      @Test func aKeyedRunThatSettlesLaterCallersHandsThemAnotherRunsResult() async {
        let report = await Self.explore(
          KeyedDebouncerResultScenario.self, with: .resultSettlesLaterCallers,
          delays: RealTypeExplorationTests.sequenceDelays)
        #expect(
          report.violation?.message.contains("another run's result") == true,
          "not caught: \(report)")
      }

      static func explore<Scenario: JobScenario>(
        _ scenario: Scenario.Type, with fault: SeededFault,
        delays: Int = RealTypeExplorationTests.delays
      ) async -> ScheduleReport {
        SeededFault.active = fault
        defer { SeededFault.active = nil }
        let report = await exploreSchedules(
          scenario, delays: delays, limit: RealTypeExplorationTests.limit)
        print("seeded fault \(fault): \(report)")
        return report
      }
    }
  }
#endif
