import Foundation
import Settle
import SettleTestSupport
import Testing

/// Rapid triggers and cancels, with actions that ignore cancellation and yield, must always
/// leave the runner as the last command says.
@Suite("Stress: TaskTriggerRunner", .watched)
@MainActor
struct TaskTriggerRunnerStressTests {
  static let rounds = Int(Environment.value("SETTLE_STRESS_ROUNDS") ?? "") ?? 300

  @Test func theStateAlwaysEndsAsTheLastCommandSays() async throws {
    var generator = SystemRandomNumberGenerator()
    let completed = MainBox<[Int]>([])
    let runner = TaskTriggerRunner<Int> { value in
      // Ignores cancellation on purpose and gives other work a chance to interleave.
      await Task.yield()
      completed.value.append(value)
    }
    for round in 0..<Self.rounds {
      completed.value.removeAll()
      let commands = Int.random(in: 1...6, using: &generator)
      var last: Int?
      for index in 0..<commands {
        if Bool.random(using: &generator) {
          let value = round * 10 + index
          runner.trigger(value: value)
          last = value
        } else {
          runner.cancel()
          last = nil
        }
        if Bool.random(using: &generator) { await Task.yield() }
      }
      switch runner.state {
      case .none:
        // Completion resets the trigger, so an empty state is right after a cancel, or when the
        // last trigger's run already ran to the end during one of the yields above. Anything
        // else is a lost trigger. (A run appends before it finishes, so the order is safe.)
        if let last {
          #expect(completed.value.contains(last), "round \(round): trigger \(last) was lost")
        }
      case .active(let value, _):
        #expect(value == last, "round \(round): the state holds \(value), not the last trigger")
      }
      try await runner.waitUntilIdleBounded()
      #expect(runner.state == .none)
      #expect(!runner.isRunning)
      if let last {
        // The last trigger's run completes. Superseded runs may complete too (they ignore
        // cancellation, and a new run starts without waiting for them), in any order.
        #expect(completed.value.contains(last), "round \(round)")
      }
    }
  }
}
