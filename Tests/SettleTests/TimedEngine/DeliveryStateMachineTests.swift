// The package-level delivery machine on its own, as CONTRIBUTING.md's state-machine rule asks; the operator tests in `Sequences/` show its rules publicly.
import Settle
import SettleTestSupport
import Testing

/// The output side of `debounced` and `throttled`, driven event by event with plain consumer
/// tokens: what a due element, a consumer's `next()`, the base's end and cancellation do.
@Suite("DeliveryStateMachine", .watched)
struct DeliveryStateMachineTests {
  typealias Machine = DeliveryStateMachine<String, Int>
  struct Failure: Error {}

  /// The action, spelled so that a test can compare it: `resume 1 with a`, `resume 1 with nil`,
  /// `resume 1 with error`, `suspend`, `suspend and start`, `none`.
  static func describe(_ action: Machine.Action) -> String {
    switch action {
    case .none: return "none"
    case .suspend(let startingBase): return startingBase ? "suspend and start" : "suspend"
    case .resume(let consumer, .success(let element?)): return "resume \(consumer) with \(element)"
    case .resume(let consumer, .success(nil)): return "resume \(consumer) with nil"
    case .resume(let consumer, .failure): return "resume \(consumer) with error"
    }
  }

  @Test func theFirstAskStartsTheBaseAndADueElementGoesStraightToTheWaitingConsumer() {
    var machine = Machine(buffering: .newest)
    #expect(Self.describe(machine.consumerAsks(1)) == "suspend and start")
    #expect(Self.describe(machine.elementDue("a")) == "resume 1 with a")
    #expect(Self.describe(machine.consumerAsks(2)) == "suspend")
    #expect(Self.describe(machine.elementDue("b")) == "resume 2 with b")
  }

  @Test func aBusyConsumerGetsOnlyTheNewestElementByDefault() {
    var machine = Machine(buffering: .newest)
    _ = machine.consumerAsks(1)
    _ = machine.elementDue("a")
    for element in ["b", "c", "d"] {
      #expect(Self.describe(machine.elementDue(element)) == "none")
    }
    #expect(Self.describe(machine.consumerAsks(2)) == "resume 2 with d")
    #expect(Self.describe(machine.consumerAsks(3)) == "suspend")
  }

  @Test func anUnboundedBufferDeliversEveryElementInOrder() {
    var machine = Machine(buffering: .unbounded)
    _ = machine.consumerAsks(1)
    _ = machine.elementDue("a")
    for element in ["b", "c", "d"] { _ = machine.elementDue(element) }
    #expect(Self.describe(machine.consumerAsks(2)) == "resume 2 with b")
    #expect(Self.describe(machine.consumerAsks(3)) == "resume 3 with c")
    _ = machine.elementDue("e")  // appended after a partial drain
    #expect(Self.describe(machine.consumerAsks(4)) == "resume 4 with d")
    #expect(Self.describe(machine.consumerAsks(5)) == "resume 5 with e")
    #expect(Self.describe(machine.consumerAsks(6)) == "suspend")
  }

  @Test(arguments: [ElementBuffering.newest, .unbounded])
  func theEndReachesAWaitingConsumerAtOnce(buffering: ElementBuffering) {
    var finished = Machine(buffering: buffering)
    _ = finished.consumerAsks(1)
    #expect(Self.describe(finished.baseEnded(.finished)) == "resume 1 with nil")
    #expect(Self.describe(finished.consumerAsks(2)) == "resume 2 with nil")

    var failed = Machine(buffering: buffering)
    _ = failed.consumerAsks(1)
    #expect(Self.describe(failed.baseEnded(.failed(Failure()))) == "resume 1 with error")
    #expect(Self.describe(failed.consumerAsks(2)) == "resume 2 with nil", "thrown once")
  }

  @Test(arguments: [ElementBuffering.newest, .unbounded])
  func aBusyConsumerGetsWhatIsBufferedBeforeTheEndOrTheError(buffering: ElementBuffering) {
    var finished = Machine(buffering: buffering)
    _ = finished.consumerAsks(1)
    _ = finished.elementDue("a")
    _ = finished.elementDue("b")
    #expect(Self.describe(finished.baseEnded(.finished)) == "none")
    #expect(Self.describe(finished.consumerAsks(2)) == "resume 2 with b")
    #expect(Self.describe(finished.consumerAsks(3)) == "resume 3 with nil")

    var failed = Machine(buffering: buffering)
    _ = failed.consumerAsks(1)
    _ = failed.elementDue("a")
    _ = failed.elementDue("b")
    #expect(Self.describe(failed.baseEnded(.failed(Failure()))) == "none")
    #expect(Self.describe(failed.consumerAsks(2)) == "resume 2 with b")
    #expect(Self.describe(failed.consumerAsks(3)) == "resume 3 with error")
    #expect(Self.describe(failed.consumerAsks(4)) == "resume 4 with nil")
  }

  @Test func cancellationResumesAWaitingConsumerWithNilAndDropsTheBuffer() {
    var waiting = Machine(buffering: .newest)
    _ = waiting.consumerAsks(1)
    #expect(Self.describe(waiting.cancelled()) == "resume 1 with nil")
    #expect(waiting.isOver)
    #expect(Self.describe(waiting.elementDue("late")) == "none")
    #expect(Self.describe(waiting.baseEnded(.finished)) == "none")

    var busy = Machine(buffering: .unbounded)
    _ = busy.consumerAsks(1)
    _ = busy.elementDue("a")
    _ = busy.elementDue("b")
    #expect(Self.describe(busy.cancelled()) == "none")
    #expect(Self.describe(busy.consumerAsks(2)) == "resume 2 with nil", "b was dropped")

    var unstarted = Machine(buffering: .newest)
    #expect(Self.describe(unstarted.cancelled()) == "none")
    #expect(Self.describe(unstarted.consumerAsks(1)) == "resume 1 with nil", "never starts")
  }

  @Test func aSecondConcurrentNextStopsWithAMessage() async {
    // A copied iterator shares its engine: two waiting calls would lose one of them.
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      var machine = Machine(buffering: .newest)
      _ = machine.consumerAsks(1)
      _ = machine.consumerAsks(2)
    }
    let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(stderr.contains("iterate each iterator from one task, one call at a time"))
  }
}
