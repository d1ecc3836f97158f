// Uses `LockedState` (package) only as a plain lock; any lock would do.
import Settle
import SettleTesting

/// A result-returning `Debouncing` with a zero interval, so that every value is due without
/// advancing the clock: a caller of 1 starts, then one of 2, the script cancels, a caller of 3
/// starts, and the script waits for all three; the script yields between its steps. Which values supersede which, and which the cancel
/// drops, depends on the order of the jobs (a caller's task may send after a later one's: the
/// values' numbers are not their send order); in every order each caller whose value ran gets
/// that run's result, every other caller the result of a run that did start or
/// `DroppedValueError`, and 3, sent after the cancel, is never dropped.
final class DebouncerResultScenario: OwnerScenario {
  let ledger = ActionLedger()
  /// What each caller's `sendAndWaitForResult` returned or threw, by the value it sent.
  private let results = LockedState([Int: Result<Int, any Error>]())
  init() {}

  func start() {
    let ledger = ledger
    let results = results
    let clock = ManualClock()
    let debouncer = Debouncing(for: .zero, clock: clock) { @ExplorationActor (value: Int) in
      ledger.actionStarts(value)
      await Task.yield()
      ledger.actionReturns(value)
      return value * 10
    }
    ledger.watch(debouncer)
    @Sendable func caller(_ value: Int) -> Task<Void, Never> {
      Task { @ExplorationActor in
        let result: Result<Int, any Error>
        do {
          result = .success(try await debouncer.sendAndWaitForResult(value))
        } catch {
          result = .failure(error)
        }
        results.withLock { $0[value] = result }
        ledger.events.record("caller of \(value) gets \(result)")
      }
    }
    Task { @ExplorationActor in
      // The yields let the explorer put the other jobs (sends, timer, runs) between the
      // script's steps, so that a caller may send while another's run is in flight.
      let first = caller(1)
      await Task.yield()
      let second = caller(2)
      ledger.scriptDid("callers of 1 and 2 start")
      await Task.yield()
      debouncer.cancel()
      ledger.scriptDid("cancel()")
      let last = caller(3)
      for call in [first, second, last] { await call.value }
      ledger.scriptDid("every caller returned")
      await debouncer.waitUntilIdle()
      ledger.scriptEnds(ownerIdle: !debouncer.isPending)
    }
  }

  func check() -> String? {
    if let broken = ledger.checkScript() { return broken }
    if ledger.overlapped { return "two actions ran at once" }
    let started = Set(ledger.started)
    let results = results.withLock { $0 }
    for value in 1...3 {
      guard let result = results[value] else { return "the caller of \(value) never returned" }
      switch result {
      case .success(let got):
        if started.contains(value), got != value * 10 {
          return "\(value) ran, but its caller got \(got), another run's result"
        }
        if !started.contains(got / 10) || got % 10 != 0 {
          return
            "the caller of \(value) got \(got), which no run returned (runs: \(ledger.started))"
        }
      case .failure(let error):
        guard error is DroppedValueError else { return "the caller of \(value) got \(error)" }
        if started.contains(value) { return "\(value) ran, but its caller was told it was dropped" }
        if value == 3 { return "3 was sent after the cancel, yet dropped" }
      }
    }
    return nil
  }
}
