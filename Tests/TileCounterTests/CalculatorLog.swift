import Settle
import TileCounter

/// Every value `result` and `status` took, in order, recorded through Settle's tracking the
/// way a view would see them, so a test can say "never" about the whole run.
@MainActor
final class CalculatorLog {
  private let calculator: TileCalculator
  private(set) var results: [Int?] = []
  private(set) var statuses: [String] = []

  init(_ calculator: TileCalculator) {
    self.calculator = calculator
    watchResult()
    watchStatus()
  }

  private func resultChanged() {
    results.append(calculator.result)
    watchResult()
  }

  private func statusChanged() {
    statuses.append(calculator.status)
    watchStatus()
  }

  /// The totals that appeared, without the clearing `nil`s.
  var totals: [Int] { results.compactMap { $0 } }

  private func watchResult() {
    withTracking {
      _ = calculator.result
    } didChange: { [weak self] in
      guard let log = self else { return }
      // Tracked writes happen on the main actor, and the callback runs on the writer's thread.
      MainActor.assumeIsolated { log.resultChanged() }
    }
  }

  private func watchStatus() {
    withTracking {
      _ = calculator.status
    } didChange: { [weak self] in
      guard let log = self else { return }
      MainActor.assumeIsolated { log.statusChanged() }
    }
  }
}
