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

/// The keyed form: a result-returning `KeyedDebouncing` with a zero interval. Callers of 1 for
/// key a and of 2 for key b start, then a caller of 3 for a, the script cancels key a, and a
/// caller of 4 for a starts; the script yields between its steps. In every order of the jobs,
/// a caller gets the result of a run of its own key (its own value's, when that ran) or
/// `DroppedValueError`; b's caller, which no cancel reaches, gets its own run's result, and 4,
/// sent after the cancel, is never dropped.
final class KeyedDebouncerResultScenario: OwnerScenario {
  let ledger = ActionLedger()
  /// What each caller's `sendAndWaitForResult` returned or threw, by the value it sent.
  private let results = LockedState([Int: Result<String, any Error>]())
  private static let keys = [1: "a", 2: "b", 3: "a", 4: "a"]
  init() {}

  /// Runs of different keys may overlap, so the ledger's overlap check, made for one stream,
  /// does not apply; the keyed exploration of the machine checks each key's runs.
  func brokenSoFar() -> String? { nil }

  func start() {
    let ledger = ledger
    let results = results
    let debouncer = KeyedDebouncing(for: .zero, clock: ManualClock()) {
      @ExplorationActor (key: String, value: Int) in
      ledger.actionStarts(value)
      await Task.yield()
      ledger.actionReturns(value)
      return "\(key)\(value)"
    }
    ledger.watch(debouncer)
    @Sendable func caller(_ value: Int) -> Task<Void, Never> {
      Task { @ExplorationActor in
        let result: Result<String, any Error>
        do {
          result = .success(
            try await debouncer.sendAndWaitForResult(value, forKey: Self.keys[value]!))
        } catch {
          result = .failure(error)
        }
        results.withLock { $0[value] = result }
        ledger.events.record("caller of \(value) gets \(result)")
      }
    }
    Task { @ExplorationActor in
      let calls = [caller(1), caller(2)]
      ledger.scriptDid("callers of a1 and b2 start")
      await Task.yield()
      let third = caller(3)
      ledger.scriptDid("caller of a3 starts")
      await Task.yield()
      debouncer.cancel(forKey: "a")
      ledger.scriptDid("cancel(forKey: a)")
      let last = caller(4)
      for call in calls + [third, last] { await call.value }
      ledger.scriptDid("every caller returned")
      await debouncer.waitUntilIdle()
      ledger.scriptEnds(
        ownerIdle: !debouncer.isPending(forKey: "a") && !debouncer.isPending(forKey: "b"))
    }
  }

  func check() -> String? {
    if let broken = ledger.checkScript() { return broken }
    let started = Set(ledger.started)
    let results = results.withLock { $0 }
    for value in 1...4 {
      let key = Self.keys[value]!
      guard let result = results[value] else { return "the caller of \(value) never returned" }
      switch result {
      case .success(let got):
        if started.contains(value), got != "\(key)\(value)" {
          return "\(value) ran, but its caller got \(got), another run's result"
        }
        guard got.first.map(String.init) == key, let ran = Int(got.dropFirst()),
          started.contains(ran)
        else {
          return "the caller of \(value) (key \(key)) got \(got), which no run of its key returned"
        }
      case .failure(let error):
        guard error is DroppedValueError else { return "the caller of \(value) got \(error)" }
        if started.contains(value) { return "\(value) ran, but its caller was told it was dropped" }
        if key == "b" { return "b's caller was dropped, though nothing cancelled b" }
        if value == 4 { return "4 was sent after the cancel, yet dropped" }
      }
    }
    return nil
  }
}
