// Hooks: `inputsSent` orders concurrent calls and `sendWaiterCount` shows the callers still
// waiting; no public API shows when a task's call has sent, or who still waits.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// `sendAndWaitForResult` hands every caller a run covered the result of that run: its own
/// value's run, or the run of the value that superseded or folded it; a thrown error reaches
/// them all, a dropped value throws `DroppedValueError`, and a cancelled caller stops waiting.
@Suite("sendAndWaitForResult", .watched)
struct SendAndWaitForResultTests {
  enum LoadError: Error, Equatable { case offline(Int) }

  /// A result the test can watch being released.
  final class Rendered: Sendable {
    let size: Int
    init(size: Int) { self.size = size }
  }

  static func value<Result: Sendable>(_ task: Task<Result, any Error>) async throws -> Result {
    try await bounded("the result") { try await task.value }
  }

  static func failure<Result: Sendable>(_ task: Task<Result, any Error>) async throws -> any Error {
    let result = try await bounded("the failure") { await task.result }
    guard case .failure(let error) = result else {
      Issue.record("expected a thrown error, got \(result)")
      return CancellationError()
    }
    return error
  }

  @Test func everyCallerOfABurstGetsTheResultOfTheOneRunThatCoveredIt() async throws {
    let clock = ManualClock()
    let running = AsyncGate()
    let ran = ValueRecorder<String>()
    let search = Debouncing(for: .milliseconds(300), clock: clock) { (query: String) in
      ran.record(query)
      await running.wait()
      return query.uppercased()
    }
    var calls: [Task<String, any Error>] = []
    for query in ["d", "du", "dune"] {
      calls.append(
        try await startedCall(query, sent: search.inputsSent) {
          try await search.sendAndWaitForResult(query)
        })
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(300))
    try await ran.waitForCountBounded(1)
    // The run has started and not returned: nobody has a result yet.
    #expect(search.sendWaiterCount == 3)
    running.open()
    for call in calls { #expect(try await Self.value(call) == "DUNE") }
    #expect(ran.values == ["dune"])
    #expect(search.sendWaiterCount == 0)
  }

  @Test func callersFoldedIntoARunGetItsResult() async throws {
    let clock = ManualClock()
    let save = Debouncing(for: .seconds(1), folding: Fold.collect, clock: clock) {
      (ids: [Int]) -> String in
      "saved \(ids)"
    }
    var calls: [Task<String, any Error>] = []
    for id in 1...3 {
      calls.append(
        try await startedCall("\(id)", sent: save.inputsSent) {
          try await save.sendAndWaitForResult(id)
        })
    }
    try await save.flushBounded()
    for call in calls { #expect(try await Self.value(call) == "saved [1, 2, 3]") }
  }

  @Test func aThrownErrorReachesEveryCallerTheRunCovered() async throws {
    let clock = ManualClock()
    let load = Debouncing(for: .seconds(1), clock: clock) {
      (page: Int) async throws(LoadError) -> String in
      throw .offline(page)
    }
    let first = try await startedCall("1", sent: load.inputsSent) {
      try await load.sendAndWaitForResult(1)
    }
    let second = try await startedCall("2", sent: load.inputsSent) {
      try await load.sendAndWaitForResult(2)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.failure(first) as? LoadError == .offline(2))
    #expect(try await Self.failure(second) as? LoadError == .offline(2))
  }

  @Test func aValueCancelledBeforeItsRunThrowsDroppedValueError() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let load = Debouncing(for: .seconds(1), clock: clock) { (page: Int) -> Int in
      ran.record(page)
      return page
    }
    let call = try await startedCall("1", sent: load.inputsSent) {
      try await load.sendAndWaitForResult(1)
    }
    load.cancel()
    #expect(try await Self.failure(call) is DroppedValueError)
    // The value after the cancel opens a burst of its own and gets its own result.
    let next = try await startedCall("2", sent: load.inputsSent) {
      try await load.sendAndWaitForResult(2)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.value(next) == 2)
    #expect(ran.values == [2])
  }

  @Test func aValueTheRulesLeaveOutThrowsDroppedValueErrorAtOnce() async throws {
    let clock = ManualClock()
    let tap = Debouncing(for: .seconds(1), options: .leading, clock: clock) {
      (button: String) -> String in
      "pressed \(button)"
    }
    #expect(
      try await bounded("the leading run") { try await tap.sendAndWaitForResult("a") }
        == "pressed a")
    // Inside the burst "a" opened, leading only: "b" never runs, and the clock never moves.
    await #expect(throws: DroppedValueError()) {
      try await bounded("the drop") { try await tap.sendAndWaitForResult("b") }
    }
  }

  @Test func withBothEdgesTheLeadingAndTheTrailingCallersGetTheirOwnRuns() async throws {
    let clock = ManualClock()
    let runs = ValueRecorder<Int>()
    let refresh = Debouncing(
      for: .seconds(1), options: DebounceOptions(leading: true, trailing: true), clock: clock
    ) { (value: Int) -> String in
      runs.record(value)
      return "run \(runs.values.count) with \(value)"
    }
    let leading = try await startedCall("1", sent: refresh.inputsSent) {
      try await refresh.sendAndWaitForResult(1)
    }
    #expect(try await Self.value(leading) == "run 1 with 1")
    let middle = try await startedCall("2", sent: refresh.inputsSent) {
      try await refresh.sendAndWaitForResult(2)
    }
    let last = try await startedCall("3", sent: refresh.inputsSent) {
      try await refresh.sendAndWaitForResult(3)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.value(middle) == "run 2 with 3")
    #expect(try await Self.value(last) == "run 2 with 3")
    #expect(runs.values == [1, 3])
  }

  @Test func aCancelledCallerStopsWaitingWhileTheRunStillServesTheOthers() async throws {
    let clock = ManualClock()
    let ran = ValueRecorder<Int>()
    let load = Debouncing(for: .seconds(1), clock: clock) { (page: Int) -> Int in
      ran.record(page)
      return page * 10
    }
    let impatient = try await startedCall("1", sent: load.inputsSent) {
      try await load.sendAndWaitForResult(1)
    }
    impatient.cancel()
    #expect(try await Self.failure(impatient) is CancellationError)
    #expect(load.sendWaiterCount == 0)
    let patient = try await startedCall("2", sent: load.inputsSent) {
      try await load.sendAndWaitForResult(2)
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.value(patient) == 20)
    #expect(ran.values == [2])
  }

  @Test func aRunCancelledWhileRunningReturnsWhatItReturnedToItsCallers() async throws {
    let clock = ManualClock()
    let started = ValueRecorder<Int>()
    let render = Debouncing(for: .zero, clock: clock) { (size: Int) -> String in
      started.record(size)
      if size == 1 { await AsyncGate().wait() }  // until 2 cancels it
      return Task.isCancelled ? "abandoned \(size)" : "rendered \(size)"
    }
    let first = try await startedCall("1", sent: render.inputsSent) {
      try await render.sendAndWaitForResult(1)
    }
    try await started.waitForCountBounded(1)
    let second = try await startedCall("2", sent: render.inputsSent) {
      try await render.sendAndWaitForResult(2)
    }
    #expect(try await Self.value(first) == "abandoned 1")
    #expect(try await Self.value(second) == "rendered 2")
  }

  @Test(arguments: [ThrottleMode.newestAtWindowEnd, .firstAtWindowEnd])
  func aThrottlersWindowDecidesWhoseResultACallerGets(mode: ThrottleMode) async throws {
    let clock = ManualClock()
    let save = Throttling(for: .seconds(1), mode: mode, clock: clock) { (value: Int) -> String in
      "saved \(value)"
    }
    var calls: [Task<String, any Error>] = []
    for value in 1...3 {
      calls.append(
        try await startedCall("\(value)", sent: save.inputsSent) {
          try await save.sendAndWaitForResult(value)
        })
    }
    #expect(try await Self.value(calls[0]) == "saved 1")
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    if mode == .newestAtWindowEnd {
      #expect(try await Self.value(calls[1]) == "saved 3")
      #expect(try await Self.value(calls[2]) == "saved 3")
    } else {
      #expect(try await Self.value(calls[1]) == "saved 2")
      #expect(try await Self.failure(calls[2]) is DroppedValueError)
    }
  }

  @Test func concurrentRequestsForOneKeyShareOneRunAndOtherKeysDoNot() async throws {
    let clock = ManualClock()
    let downloads = ValueRecorder<String>()
    let images = KeyedDebouncing(for: .milliseconds(50), clock: clock) {
      (url: String, _: Void) async throws(LoadError) -> String in
      downloads.record(url)
      if url == "offline.png" { throw .offline(0) }
      return "pixels of \(url)"
    }
    var calls: [(String, Task<String, any Error>)] = []
    for url in ["a.png", "b.png", "a.png", "offline.png", "a.png"] {
      calls.append(
        (
          url,
          try await startedCall(url, sent: images.inputsSent) {
            try await images.sendAndWaitForResult((), forKey: url)
          }
        ))
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .milliseconds(50))
    for (url, call) in calls where url != "offline.png" {
      #expect(try await Self.value(call) == "pixels of \(url)")
    }
    #expect(try await Self.failure(calls[3].1) as? LoadError == .offline(0))
    #expect(downloads.values.sorted() == ["a.png", "b.png", "offline.png"])
    #expect(images.sendWaiterCount == 0)
    #expect(images.sendWaiterKeysKept == 0)
  }

  @Test func aKeysCancelDropsOnlyThatKeysCallers() async throws {
    let clock = ManualClock()
    let sync = KeyedThrottling(for: .seconds(1), mode: .newestAtWindowEnd, clock: clock) {
      (record: Int, value: String) -> String in
      "synced \(record): \(value)"
    }
    let opening = try await bounded("the opening run") {
      try await sync.sendAndWaitForResult("a", forKey: 1)
    }
    #expect(opening == "synced 1: a")
    let dropped = try await startedCall("b for 1", sent: sync.inputsSent) {
      try await sync.sendAndWaitForResult("b", forKey: 1)
    }
    let other = try await startedCall("x for 2", sent: sync.inputsSent) {
      try await sync.sendAndWaitForResult("x", forKey: 2)
    }
    sync.cancel(forKey: 1)
    #expect(try await Self.failure(dropped) is DroppedValueError)
    #expect(try await Self.value(other) == "synced 2: x")
    #expect(sync.sendWaiterKeysKept == 0)
  }

  @Test func theEngineKeepsNoResultOnceItsCallersHaveIt() async throws {
    let clock = ManualClock()
    let render = Debouncing(for: .seconds(1), clock: clock) { (size: Int) in
      Rendered(size: size)
    }
    let first = LockedState<Rendered?>(nil)
    weak var released: Rendered?
    // The caller keeps only the size: once it has it, nothing of Settle's should hold the result.
    let call = try await startedCall("64", sent: render.inputsSent) {
      let rendered = try await render.sendAndWaitForResult(64)
      first.withLock { $0 = rendered }
      return rendered.size
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.value(call) == 64)
    released = first.withLock { state in
      defer { state = nil }
      return state
    }
    // A second run claims only once the first run's task has returned, so the first run's
    // frame is gone when the second caller has its result.
    let next = try await startedCall("32", sent: render.inputsSent) {
      try await render.sendAndWaitForResult(32).size
    }
    try await clock.waitForSleepersBounded(count: 1)
    await clock.advance(by: .seconds(1))
    #expect(try await Self.value(next) == 32)
    #expect(released == nil)
    #expect(render.sendWaiterCount == 0)
  }
}
