// The package-level machine on its own, as CONTRIBUTING.md's state-machine rule asks; `FoldingDebouncerTests` show its rules publicly.
import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// The folding rules, event by event: a run receives the fold of every input since the
/// previous run, wherever the machine kept them, and the fold happens in place.
@Suite("DebounceStateMachine folding", .watched)
struct FoldingDebounceStateMachineTests {
  typealias Machine = DebounceStateMachine<Fold<String, [String]>, ManualClock.Instant>

  static func at(_ ms: Int) -> ManualClock.Instant { .init(offset: .milliseconds(ms)) }

  static func machine(_ options: DebounceOptions = DebounceOptions()) -> Machine {
    Machine(interval: .milliseconds(300), options: options, fold: .collect)
  }

  static func fire(_ machine: inout Machine, generation: UInt64, at ms: Int) -> RunTicket<
    [String]
  >? {
    machine.timerWoke(generation: generation, at: at(ms)).startedRun?.ticket
  }

  static func run(_ machine: inout Machine, _ ticket: RunTicket<[String]>) -> [String]? {
    defer { machine.runReturnedStartingNothing(ticket) }
    return machine.claim(ticket)
  }

  @Test func aRunReceivesEveryValueOfItsBurstAndTheNextStartsAfresh() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    _ = machine.send("b", at: Self.at(100))
    _ = machine.send("c", at: Self.at(200))
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 500))
    #expect(Self.run(&machine, ticket) == ["a", "b", "c"])
    #expect(!machine.isPending)
    guard case .stop = machine.timerWoke(generation: generation, at: Self.at(500)) else {
      Issue.record("nothing left to time: the timer stops")
      return
    }
    let next = try #require(machine.send("d", at: Self.at(900)).startedTimer)
    let second = try #require(Self.fire(&machine, generation: next, at: 1200))
    #expect(Self.run(&machine, second) == ["d"])
  }

  @Test func aValueSentBeforeADueRunStartsJoinsItAndWaitsAgain() throws {
    var machine = Self.machine()
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 300))
    _ = machine.send("b", at: Self.at(300))  // the run is dispatched, not yet claimed
    #expect(Self.run(&machine, ticket) == nil, "superseded: its value waits again")
    guard case .sleep = machine.timerWoke(generation: generation, at: Self.at(300)) else {
      Issue.record("the timer waits for the joined value")
      return
    }
    let rerun = try #require(Self.fire(&machine, generation: generation, at: 600))
    #expect(Self.run(&machine, rerun) == ["a", "b"], "nothing of the superseded run is lost")
  }

  @Test func sendsBeforeAMaxWaitRunStartsJoinIt() throws {
    var machine = Self.machine(DebounceOptions(maxWait: .milliseconds(500)))
    let generation = try #require(machine.send("a", at: Self.at(0)).startedTimer)
    _ = machine.send("b", at: Self.at(250))
    let ticket = try #require(Self.fire(&machine, generation: generation, at: 500))
    #expect(ticket.carried == nil)
    guard case .none = machine.send("c", at: Self.at(500)) else {
      Issue.record("a send while the maxWait run is due joins its value")
      return
    }
    #expect(Self.run(&machine, ticket) == ["a", "b", "c"])
    #expect(!machine.isPending)
  }

  @Test func theLeadingValueRunsAloneAndTheRestOfTheBurstFoldsIntoTheTrailingRun() throws {
    var machine = Self.machine(DebounceOptions(leading: true))
    let lead = try #require(machine.send("a", at: Self.at(0)).startedRun)
    #expect(lead.ticket.carried == ["a"])
    let generation = try #require(machine.send("b", at: Self.at(100)).startedTimer)
    _ = machine.send("c", at: Self.at(200))
    #expect(Self.run(&machine, lead.ticket) == ["a"])
    let trailing = try #require(Self.fire(&machine, generation: generation, at: 500))
    #expect(Self.run(&machine, trailing) == ["b", "c"])
  }

  @Test func aNewBurstTakesTheUnstartedTrailingValueOfTheLastOneAlong() throws {
    var machine = Self.machine(DebounceOptions(leading: true))
    let lead = try #require(machine.send("a", at: Self.at(0)).startedRun)
    #expect(Self.run(&machine, lead.ticket) == ["a"])
    let generation = try #require(machine.send("b", at: Self.at(100)).startedTimer)
    let trailing = try #require(Self.fire(&machine, generation: generation, at: 400))
    // A new burst opens before the trailing run claims: its leading run carries both.
    let next = try #require(machine.send("c", at: Self.at(400)).startedRun)
    #expect(next.ticket.carried == ["b", "c"])
    #expect(Self.run(&machine, trailing) == nil)
    #expect(Self.run(&machine, next.ticket) == ["b", "c"])
  }

  @Test func cancelDropsThePartialFoldAndFlushTakesIt() throws {
    var machine = Self.machine()
    _ = machine.send("a", at: Self.at(0))
    _ = machine.send("b", at: Self.at(10))
    _ = machine.cancel()
    #expect(!machine.isPending)
    _ = machine.send("c", at: Self.at(20))
    _ = machine.send("d", at: Self.at(30))
    guard case .startRun(let run) = machine.flush() else {
      Issue.record("flush runs the pending fold")
      return
    }
    #expect(Self.run(&machine, run.ticket) == ["c", "d"], "the cancelled a and b are gone")
  }

  @Test func theFoldMutatesTheOnlyReferenceToTheAccumulation() throws {
    let copies = LockedCounter()
    let fold = Fold<Int, UniqueBox>.reducing(into: UniqueBox()) { box, value in
      box.append(value, countingCopiesIn: copies)
    }
    var machine = DebounceStateMachine<Fold<Int, UniqueBox>, ManualClock.Instant>(
      interval: .milliseconds(300), options: DebounceOptions(maxWait: .seconds(10)), fold: fold)
    let generation = try #require(machine.send(0, at: Self.at(0)).startedTimer)
    for value in 1..<100 { _ = machine.send(value, at: Self.at(value)) }
    let ticket = try #require(
      machine.timerWoke(generation: generation, at: Self.at(400)).startedRun?.ticket)
    _ = machine.send(100, at: Self.at(400))  // joins the dispatched run's value: .waiting again
    #expect(machine.claim(ticket) == nil)
    machine.runReturnedStartingNothing(ticket)
    #expect(copies.current == 1, "only the first value copies the initial value it shares")
  }

  @Test func valuesJoiningADueMaxWaitRunAreFoldedInPlaceToo() throws {
    let copies = LockedCounter()
    let fold = Fold<Int, UniqueBox>.reducing(into: UniqueBox()) { box, value in
      box.append(value, countingCopiesIn: copies)
    }
    var machine = DebounceStateMachine<Fold<Int, UniqueBox>, ManualClock.Instant>(
      interval: .milliseconds(300), options: DebounceOptions(maxWait: .milliseconds(300)),
      fold: fold)
    let generation = try #require(machine.send(0, at: Self.at(0)).startedTimer)
    let ticket = try #require(
      machine.timerWoke(generation: generation, at: Self.at(300)).startedRun?.ticket)
    for value in 1...100 { _ = machine.send(value, at: Self.at(300)) }  // join the due run
    #expect(machine.claim(ticket)?.storage.values.count == 101)
    machine.runReturnedStartingNothing(ticket)
    #expect(copies.current == 1, "only the first value copies the initial value it shares")
  }
}

/// A copy-on-write accumulation that counts its copies: a fold that copied the accumulation
/// per value would count one per send.
struct UniqueBox: Sendable {
  final class Storage: @unchecked Sendable {
    var values: [Int] = []
  }
  var storage = Storage()

  mutating func append(_ value: Int, countingCopiesIn copies: LockedCounter) {
    if !isKnownUniquelyReferenced(&storage) {
      copies.increment()
      let copy = Storage()
      copy.values = storage.values
      storage = copy
    }
    storage.values.append(value)
  }
}
