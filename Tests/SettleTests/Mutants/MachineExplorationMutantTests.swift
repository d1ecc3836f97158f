#if SETTLE_MUTANTS
  // Hooks: switches the package's seeded faults on (see SeededFault) and explores the
  // package's pure machines.
  import Settle
  import Testing

  /// Each fault seeded into a machine is caught by the exhaustive search, which prints the
  /// shortest schedule that shows it. Built only with `-D SETTLE_MUTANTS`; `.ci/run` runs
  /// these in a build of their own.
  extension SeededFaultSuites {
    @Suite("Mutants: the machine exploration catches each seeded fault", .serialized)
    struct MachineExplorationMutantTests {
      @Test func aClaimThatIgnoresCancelStartsAVoidedValue() {
        let report = Self.explore(
          with: .claimIgnoresCancel,
          MachineExplorationTests.debounceWorld(.init(leading: true, trailing: true, maxWait: nil)))
        #expect(
          report.violation?.message.contains("cancel() that returned after it was sent voided it")
            == true, "not caught: \(report)")
      }

      @Test func aTimerGenerationNotCheckedLetsAReplacedTimerAct() {
        let report = Self.explore(
          with: .timerGenerationUnchecked,
          MachineExplorationTests.debounceWorld(.init(leading: false, trailing: true, maxWait: nil))
        )
        #expect(report.violation?.message.contains("replaced by") == true, "not caught: \(report)")
      }

      @Test func placesThatFreeUpEarlyLetTooManyRunsStart() {
        let report = Self.explore(
          with: .ratePlacesFreeEarly, MachineExplorationTests.rateLimitWorld(limit: 1))
        #expect(
          report.violation?.message.contains("runs started within") == true,
          "not caught: \(report)")
      }

      @Test func aWindowCountedFromDispatchLetsALateRunCrowdTheNext() {
        let report = Self.explore(
          with: .rateWindowCountsFromDispatch, MachineExplorationTests.rateLimitWorld(limit: 1))
        #expect(
          report.violation?.message.contains("runs started within") == true,
          "not caught: \(report)")
      }

      @Test func theOldTriggerResetClobbersANewerRun() {
        SeededFault.active = .triggerResetsOnAnyCompletion
        defer { SeededFault.active = nil }
        let report = exploreStates(
          from: TriggerMachineWorld(), depth: TriggerExplorationTests.depth)
        print("seeded fault triggerResetsOnAnyCompletion: \(report)")
        #expect(report.violation != nil, "not caught: \(report)")
      }

      /// Without the claim, a scope a cancel ended still calls back (the shortest schedule), and
      /// one that two writes fire calls back twice.
      @Test func aMissingClaimCallsBackAfterItEnded() {
        let report = Self.firstViolation(with: .missingClaim)
        #expect(
          report?.violation?.message.contains("the scope called back") == true,
          "not caught: \(String(describing: report))")
      }

      @Test func aLateArrivalLostNeverCallsBack() {
        let report = Self.firstViolation(with: .lateArrivalLost)
        #expect(
          report?.violation?.message.contains("called back 0 times") == true,
          "not caught: \(String(describing: report))")
      }

      @Test func aWaitThatSleepsThroughAChangeLosesAWake() {
        let report = Self.exploreValuesWake(with: .waitSleepsThroughAChange)
        #expect(
          report.violation?.message.contains("a lost wake") == true, "not caught: \(report)")
      }

      @Test func anEndThatForgetsItsWaiterLosesTheEnd() {
        let report = Self.exploreValuesWake(with: .endForgetsTheWaiter)
        #expect(
          report.violation?.message.contains("a lost end") == true, "not caught: \(report)")
      }

      /// The values iterator's wake (see ValuesWakeExplorationTests) with `fault` seeded.
      static func exploreValuesWake(with fault: SeededFault) -> SearchReport {
        SeededFault.active = fault
        defer { SeededFault.active = nil }
        let report = exploreStates(from: ValuesWakeWorld(maxWrites: 3), depth: 32)
        print("seeded fault \(fault): \(report)")
        return report
      }

      /// The first registry scenario that shows `fault`, with its report.
      static func firstViolation(with fault: SeededFault) -> SearchReport? {
        SeededFault.active = fault
        defer { SeededFault.active = nil }
        for scenario in RegistryExplorationTests.scenarios {
          let report = exploreStates(from: RegistryWorld(scenario), depth: 40)
          if report.violation != nil {
            print("seeded fault \(fault), \(scenario): \(report)")
            return report
          }
        }
        return nil
      }

      static func explore<World: ExplorableWorld>(with fault: SeededFault, _ world: World)
        -> SearchReport
      {
        SeededFault.active = fault
        defer { SeededFault.active = nil }
        let report = exploreStates(from: world, depth: MachineExplorationTests.depth)
        print("seeded fault \(fault): \(report)")
        return report
      }
    }
  }
#endif
