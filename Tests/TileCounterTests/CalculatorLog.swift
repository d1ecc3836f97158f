import Settle
import SettleTesting
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

extension ManualClock {
  func advance(ms: Int) async { await advance(by: .milliseconds(ms)) }
}

/// A calculator on a fresh ManualClock, with its log.
@MainActor
struct CalculatorFixture {
  let clock = ManualClock()
  let calculator: TileCalculator
  let log: CalculatorLog

  init(maximumLayers: Int = 1000) {
    calculator = TileCalculator(maximumLayers: maximumLayers, clock: clock)
    log = CalculatorLog(calculator)
  }

  /// Advances to just before a deadline `ms` away and checks that the timer is still asleep,
  /// so "no total yet" is a real observation, not a race.
  func advanceJustShort(of ms: Int) async {
    await clock.advance(ms: ms - 1)
    await clock.waitForSleepers(count: 1)
  }

  /// Advances by `ms` and waits until whatever became due has run.
  func advanceAndSettle(_ ms: Int) async {
    await clock.advance(ms: ms)
    await calculator.waitUntilIdle()
  }
}
