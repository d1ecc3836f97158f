#if SETTLE_MUTANTS
  @testable import Settle
  import Testing

  /// Each fault seeded into continuous tracking is caught by the racing test of the guarantee
  /// it breaks (see ContinuousTrackingRaceTests). Built only with `-D SETTLE_MUTANTS`, which
  /// compiles the faults in; `.ci/run` runs these in a build of their own.
  extension SeededFaultSuites {
    @Suite("Mutants: continuous tracking's racing test catches each seeded fault", .serialized)
    struct ContinuousTrackingMutantTests {
      static let trials = 2_000

      @Test func rearmingAfterTheCallbackLosesAWrite() throws {
        let report = try Self.run(with: .rearmAfterCallback)
        #expect(report.lost > 0, "not caught: \(report)")
      }

      @Test func aMissingClaimDoublesACall() throws {
        let report = try Self.run(with: .missingClaim)
        #expect(report.doubled > 0, "not caught: \(report)")
      }

      @Test func aStrongCaptureKeepsTheModelAlive() throws {
        let report = try Self.run(with: .strongCapture)
        #expect(report.leaked > 0, "not caught: \(report)")
      }

      static func run(with fault: SeededFault) throws -> ContinuousTrackingRace.Report {
        SeededFault.active = fault
        defer { SeededFault.active = nil }
        let report = try ContinuousTrackingRace.run(trials: trials)
        print("seeded fault \(fault): \(report)")
        return report
      }
    }
  }
#endif
