// Hooks: reads the package's machines field by field (`@testable`).
import SettleTesting

@testable import Settle

/// A key's machine as the keyed search reads it: field by field, as text, the same for equal
/// states. Not by its bytes (``MachineBytes``): a key's state is copied whenever the key table
/// is, and a copy made field by field (as a sanitizer build makes it) need not keep the
/// padding after an optional's tag, so equal states would read as different ones. The options
/// are left out: they never change.
protocol ExploredKeyMachine: TimedStateMachine {
  var fieldwiseDescription: String { get }
}

extension RunLedger {
  /// Every field, in order.
  var fieldwiseDescription: String {
    "\(timer) \(isShutDown) \(timersStarted) \(issued) \(returned) \(cancelledThrough) \(unclaimedCarriedRuns)"
  }
}

/// An instant of the searches' clock in whole ticks, or `-`.
func exploredTicks(_ instant: ManualClock.Instant?) -> String {
  instant.map { String($0.offset / .milliseconds(1)) } ?? "-"
}

extension DebounceStateMachine: ExploredKeyMachine where Instant == ManualClock.Instant {
  var fieldwiseDescription: String {
    let phase =
      switch phase {
      case .idle: "idle"
      case .waiting(let value): "waiting \(value)"
      case .dueTrailing(let value, let ticket): "due \(value) #\(ticket)"
      case .dueNewest(let value, let ticket): "due newest \(value) #\(ticket)"
      }
    return
      "\(phase), \(ledger.fieldwiseDescription), last send \(exploredTicks(lastSend)), max \(exploredTicks(maxDeadline)), sleeps to \(exploredTicks(timerDeadline))"
  }
}

extension ThrottleStateMachine: ExploredKeyMachine where Instant == ManualClock.Instant {
  var fieldwiseDescription: String {
    let phase =
      switch phase {
      case .clear: "clear"
      case .holding(let value): "holding \(value)"
      }
    return
      "\(phase), \(ledger.fieldwiseDescription), window end \(exploredTicks(windowEnd)), sleeps to \(exploredTicks(timerDeadline))"
  }
}

extension RateLimitStateMachine: ExploredKeyMachine where Instant == ManualClock.Instant {
  var fieldwiseDescription: String {
    // Oldest first: where the ring starts says nothing of what the machine does next.
    let window = (starts[oldestStart...] + starts[..<oldestStart]).map(exploredTicks)
    return
      "queue \(queue.elements), window \(window), \(ledger.fieldwiseDescription), sleeps to \(exploredTicks(timerDeadline))"
  }
}

/// The rate limiter's machine as the searches drive it: each run receives one value.
typealias RateLimitTestMachine = RateLimitStateMachine<Int, ManualClock.Instant>
