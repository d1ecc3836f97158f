// The package core of `flushOnBackground(_:)`, under every order of its events. Its events all
// happen on the main actor, so an order of them is a schedule the test can replay exactly.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// Every order of two overlapping trips to the background: each trip's assertion begins,
/// its flush returns, and the system may expire it first, inside `begin` or later. In each
/// order, every assertion begun is ended exactly once, never before its flush returned or it
/// expired, and the core holds an assertion exactly while one is neither.
@Suite("Exploration: every order of background flushes", .backstop(minutes: 1), .watched)
@MainActor
struct BackgroundFlushOrderTests {
  enum Event: CustomStringConvertible {
    /// The scene enters the background for trip `trip`; `expiresInside`: the system's time
    /// runs out inside `begin`.
    case enter(trip: Int, expiresInside: Bool)
    case expire(trip: Int)
    case flushReturns(trip: Int)

    var description: String {
      switch self {
      case .enter(let trip, let inside): "enter \(trip)\(inside ? " (expires inside begin)" : "")"
      case .expire(let trip): "expire \(trip)"
      case .flushReturns(let trip): "flush \(trip) returns"
      }
    }
  }

  /// Every order of the events of `trips` trips, trip 1 entering first; each trip enters
  /// once, returns once, and expires at most once, after entering (or inside its `begin`).
  static func schedules(trips: Int) -> [[Event]] {
    var schedules: [[Event]] = []
    func extend(_ schedule: [Event]) {
      var entered: [Int: Bool] = [:]  // trip → expired already
      var returned: Set<Int> = []
      for event in schedule {
        switch event {
        case .enter(let trip, let inside): entered[trip] = inside
        case .expire(let trip): entered[trip] = true
        case .flushReturns(let trip): returned.insert(trip)
        }
      }
      var next: [Event] = []
      let firstNotEntered = (1...trips).first { entered[$0] == nil }
      if let trip = firstNotEntered {
        next += [.enter(trip: trip, expiresInside: false), .enter(trip: trip, expiresInside: true)]
      }
      for (trip, expired) in entered.sorted(by: { $0.key < $1.key }) {
        if !expired { next.append(.expire(trip: trip)) }
        if !returned.contains(trip) { next.append(.flushReturns(trip: trip)) }
      }
      // Once every trip entered and returned, a trip not expired may never expire: that is
      // a schedule too, and so is each way of expiring the rest afterwards.
      if firstNotEntered == nil, returned.count == trips { schedules.append(schedule) }
      for event in next { extend(schedule + [event]) }
    }
    extend([])
    return schedules
  }

  @Test func everyAssertionEndsExactlyOnceInEveryOrder() async throws {
    let schedules = Self.schedules(trips: 2)
    // Counted here so that a change to the generator shows.
    #expect(schedules.count == 92)
    for schedule in schedules {
      if let broken = try await Self.replay(schedule) {
        Issue.record("\(broken)\nschedule: \(schedule.map(\.description).joined(separator: ", "))")
        return
      }
    }
  }

  /// Replays `schedule` on a fresh core; the first guarantee broken, or `nil`.
  static func replay(_ schedule: [Event]) async throws -> String? {
    let assertions = RecordingAssertions()
    let flush = BackgroundFlush(assertions: assertions)
    var owners: [Int: RunningOwner] = [:]
    var tasks: [Int: Task<Void, Never>] = [:]
    var identifiers: [Int: Int] = [:]  // trip → assertion
    var settled: Set<Int> = []  // trips whose assertion may have ended: returned or expired
    for event in schedule {
      switch event {
      case .enter(let trip, let inside):
        let owner = RunningOwner()
        owners[trip] = owner
        assertions.expiresAtOnce = inside
        let begun = assertions.log.count
        tasks[trip] = flush.sceneEnteredBackground(flushing: [owner])
        assertions.expiresAtOnce = false
        // The assertion this trip began, read from what the system saw.
        guard let begin = assertions.log[begun...].first(where: { $0.hasPrefix("begin ") }),
          let identifier = Int(begin.dropFirst("begin ".count))
        else { return "entering began no assertion: \(assertions.log)" }
        identifiers[trip] = identifier
        if inside { settled.insert(trip) }
        try await owner.calls.waitForCountBounded(2)  // waits in `waitUntilIdle()`
      case .expire(let trip):
        assertions.expire(identifiers[trip]!)
        settled.insert(trip)
      case .flushReturns(let trip):
        owners[trip]!.runFinished.open()
        try await tasks[trip]!.valueBounded("flush \(trip)")
        settled.insert(trip)
      }
      let ends = assertions.log.filter { $0.hasPrefix("end ") }
      if Set(ends).count != ends.count { return "an assertion ended twice: \(assertions.log)" }
      let known = Set(identifiers.values.map { "end \($0)" })
      if let stray = ends.first(where: { !known.contains($0) }) {
        return "\(stray) ended an assertion no trip began: \(assertions.log)"
      }
      for (trip, identifier) in identifiers {
        let ended = ends.contains("end \(identifier)")
        if ended != settled.contains(trip) {
          return "after \(event): assertion \(identifier) ended \(ended), expected \(!ended)"
        }
      }
      if flush.isHoldingAssertion != (settled.count < identifiers.count) {
        return "after \(event): isHoldingAssertion is \(flush.isHoldingAssertion)"
      }
    }
    return nil
  }
}
