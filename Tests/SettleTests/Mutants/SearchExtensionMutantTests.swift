#if SETTLE_MUTANTS
  // Hooks: switches the package's seeded faults on (see SeededFault) and explores the
  // package's pure machines.
  import Settle
  import Testing

  /// Each fault seeded into what the newer searches explore (a fold, the keyed machine, the
  /// sequence operators' delivery) is caught by its search, which prints the shortest schedule
  /// that shows it. Built only with `-D SETTLE_MUTANTS`; `.ci/run` runs these in a build of
  /// their own, at the level of a plain `swift test`.
  extension SeededFaultSuites {
    @Suite(
      "Mutants: the fold, keyed and delivery explorations catch each seeded fault", .serialized)
    struct SearchExtensionMutantTests {
      /// A throttle dispatches its first value at once, so the shortest schedule is a send and
      /// the claim; the debounce needs its quiet period first, and is checked too.
      @Test func aFoldThatDropsTheFirstValueLosesItFromTheRun() {
        let throttle = Self.explore(
          with: .foldDropsFirstValue, FoldExplorationTests.throttleWorld(.newestAtWindowEnd),
          depth: FoldExplorationTests.depth)
        #expect(
          throttle.violation?.message.contains("started with no value") == true,
          "not caught: \(throttle)")
        let debounce = Self.explore(
          with: .foldDropsFirstValue,
          FoldExplorationTests.debounceWorld(.init(leading: false, trailing: true, maxWait: nil)),
          depth: FoldExplorationTests.depth)
        #expect(debounce.violation != nil, "not caught: \(debounce)")
      }

      @Test func aKeyedFoldThatDropsTheFirstValueIsCaught() {
        let report = Self.explore(
          with: .foldDropsFirstValue,
          KeyedExplorationTests.collectingWorld(
            .init(leading: false, trailing: true, maxWait: nil)),
          depth: KeyedExplorationTests.depth)
        #expect(report.violation != nil, "not caught: \(report)")
      }

      @Test func aKeyedFlushThatEmptiesTheOtherKeyIsCaught() {
        let report = Self.explore(
          with: .keyedFlushTouchesOtherKeys,
          KeyedExplorationTests.world(.init(leading: false, trailing: true, maxWait: nil)),
          depth: KeyedExplorationTests.depth)
        #expect(
          report.violation?.message.contains("flush(forKey: A) changed key B") == true,
          "not caught: \(report)")
      }

      @Test func aNewestBufferThatKeepsTheOldestDeliversAStaleElement() {
        let report = Self.explore(
          with: .newestKeepsOldest, DeliveryExplorationTests.world(.newest),
          depth: DeliveryExplorationTests.depth)
        #expect(
          report.violation?.message.contains("the newest element due") == true,
          "not caught: \(report)")
        // `.unbounded` keeps every element whatever the fault: its search stays clean.
        let unbounded = Self.explore(
          with: .newestKeepsOldest, DeliveryExplorationTests.world(.unbounded),
          depth: DeliveryExplorationTests.depth)
        #expect(unbounded.violation == nil, "\(unbounded)")
      }

      static func explore<World: ExplorableWorld>(
        with fault: SeededFault, _ world: World, depth: Int
      ) -> SearchReport {
        SeededFault.active = fault
        defer { SeededFault.active = nil }
        let report = exploreStates(from: world, depth: depth)
        print("seeded fault \(fault): \(report)")
        return report
      }
    }
  }
#endif
