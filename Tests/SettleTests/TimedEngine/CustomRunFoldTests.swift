import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// A `RunFold` of the user's own plugs into the core types, and the engine honours its
/// `replaces` promise: a replacing fold's pending value is always made by `start(with:)`, and
/// an earlier value is reported superseded; a folding one's is built with `add(_:to:)`, and an
/// earlier value is reported folded.
@Suite("RunFold of one's own", .watched)
struct CustomRunFoldTests {
  /// The first and the newest value of a burst.
  struct FirstAndNewest: RunFold {
    static var replaces: Bool { false }
    func start(with input: Int) -> [Int] { [input, input] }
    func add(_ input: Int, to pending: inout [Int]) { pending[1] = input }
  }

  /// Replaces, but not with the input itself: proves `start(with:)` makes the new value.
  struct Trimmed: RunFold {
    static var replaces: Bool { true }
    func start(with input: String) -> String {
      String(input.drop(while: { $0 == " " }))
    }
    func add(_ input: String, to pending: inout String) {
      Issue.record("a replacing fold's add(_:to:) was called with \(input)")
    }
  }

  @Test func aDebouncingRunReceivesWhatTheFoldBuilt() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<[Int]>>()
    let volume = Debouncing(
      for: .milliseconds(300), folding: FirstAndNewest(), clock: clock
    ) { (change: [Int]) in ran.record(Ran(value: change, at: clock.millis)) }
    for level in [3, 5, 7] { volume.send(level) }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 300)
    try await ran.waitForCountBounded(1)
    volume.send(9)
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 300)
    try await ran.waitForCountBounded(2)
    #expect(ran.values == [Ran(value: [3, 7], at: 300), Ran(value: [9, 9], at: 600)])
  }

  @Test func aThrottlingWindowEndReceivesWhatTheFoldBuilt() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Ran<[Int]>>()
    let throttle = Throttling(
      for: .milliseconds(300), folding: FirstAndNewest(), clock: clock
    ) { (change: [Int]) in ran.record(Ran(value: change, at: clock.millis)) }
    throttle.send(1)  // opens the window and runs alone
    try await ran.waitForCountBounded(1)
    for level in [2, 3, 4] { throttle.send(level) }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 300)
    try await ran.waitForCountBounded(2)
    #expect(ran.values == [Ran(value: [1, 1], at: 0), Ran(value: [2, 4], at: 300)])
  }

  @Test func aReplacingFoldIsStartedForEveryValueAndReportsSuperseded() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<String>()
    let field = Debouncing(for: .milliseconds(300), folding: Trimmed(), clock: clock) {
      (text: String) in ran.record(text)
    }
    let first = try await SendAndWaitTests.sendAndWait("  a", to: field) {
      try await field.sendAndWait($0)
    }
    let second = try await SendAndWaitTests.sendAndWait("   b", to: field) {
      try await field.sendAndWait($0)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 300)
    #expect(try await bounded("the first outcome") { try await first.value } == .superseded)
    #expect(try await bounded("the second outcome") { try await second.value } == .ran)
    #expect(ran.values == ["b"])
  }

  @Test func aFoldingFoldReportsAnEarlierValueFolded() async throws {
    let clock = ManualClock()
    let volume = Debouncing(
      for: .milliseconds(300), folding: FirstAndNewest(), clock: clock
    ) { (_: [Int]) in }
    let first = try await SendAndWaitTests.sendAndWait(3, to: volume) {
      try await volume.sendAndWait($0)
    }
    let second = try await SendAndWaitTests.sendAndWait(7, to: volume) {
      try await volume.sendAndWait($0)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(ms: 300)
    #expect(try await bounded("the first outcome") { try await first.value } == .folded)
    #expect(try await bounded("the second outcome") { try await second.value } == .ran)
  }
}
