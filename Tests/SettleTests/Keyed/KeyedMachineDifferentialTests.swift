// Hooks: drives the package's `KeyedStateMachine` and reads its key table and heap
// (`@testable`), to check its invariants after every event.
import SettleTestSupport
import SettleTesting
import Testing

@testable import Settle

extension SplitMix64 {
  mutating func chance(_ percent: Int) -> Bool { next(below: 100) < percent }
}

private func ms(_ n: Int) -> ManualClock.Instant { .init(offset: .milliseconds(n)) }
private func toMs(_ i: ManualClock.Instant) -> Int { Int(i.offset / .milliseconds(1)) }

/// A `KeyedStateMachine` and, beside it, one unkeyed machine per key with its own timer woken
/// exactly at its deadline: random schedules of sends, clock steps, claims, returns, flushes,
/// cancels and a shutdown that runs the pending values, on 4 or 60 keys.
///
/// With `prompt`, the one timer wakes at every deadline and every key must dispatch, carry,
/// claim, flush and cancel exactly what its own machine does at the same instant. Without it
/// the timer wakes late, at random, so sends arrive after deadlines have passed; then only the
/// invariants are checked. After every event: `holdingKeys` and `runsInFlight` match the keys,
/// a key whose timer sleeps or whose machine still remembers has a live entry no later, no
/// key is kept with nothing left or dropped with a run in flight, stale entries are counted,
/// and the timer never sleeps past the earliest live entry. At the end everything drains to
/// no key and no entry. A differential, sampled check; the exhaustive one, on two keys, is
/// ``KeyedMachineWorld``.
struct KeyedDifferentialWorld<M: TimedStateMachine>
where M.Input == Int, M.Value == Int, M.Instant == ManualClock.Instant {
  typealias K = KeyedStateMachine<Int, M>
  struct Run {
    var ticket: RunTicket<Int>
    var claimed = false
  }

  var keyed: K
  var refs: [M]
  let fresh: M
  let keyCount: Int
  var now = 0
  var sent = 0
  /// The live timer task: generation and deadline (nil = awake, must run now).
  var live: (gen: UInt64, until: Int?)?
  var zombies: [UInt64] = []
  var keyedRuns: [[Run]]
  var refRuns: [[Run]]
  var keyedLog: [[String]]
  var refLog: [[String]]
  var prompt: Bool
  var shut = false
  var rng: SplitMix64
  var trace: [String] = []

  init(fresh: M, keys: Int, prompt: Bool, seed: UInt64) {
    self.fresh = fresh
    keyed = K(fresh: fresh)
    refs = Array(repeating: fresh, count: keys)
    keyCount = keys
    keyedRuns = Array(repeating: [], count: keys)
    refRuns = Array(repeating: [], count: keys)
    keyedLog = Array(repeating: [], count: keys)
    refLog = Array(repeating: [], count: keys)
    self.prompt = prompt
    rng = SplitMix64(seed: seed)
  }

  // MARK: keyed side

  mutating func startTimer(_ gen: UInt64) {
    if let old = live { zombies.append(old.gen) }
    live = (gen, nil)
  }

  mutating func keyedStart(_ run: StartRun<Int>, key: Int) {
    keyedRuns[key].append(Run(ticket: run.ticket))
    keyedLog[key].append("d@\(now) \(run.ticket.carried.map(String.init) ?? "-")")
  }

  mutating func applyKeyed(_ action: SendAction<Int>, key: Int) {
    switch action {
    case .none: break
    case .startTimer(let g): startTimer(g)
    case .startRun(let r): keyedStart(r, key: key)
    case .startRunAndTimer(let r, let g):
      keyedStart(r, key: key)
      startTimer(g)
    }
  }

  mutating func wakeLive() -> String? {
    guard let l = live else { return nil }
    let step = keyed.timerWoke(generation: l.gen, at: ms(now))
    for s in step.starts { keyedStart(s.run, key: s.key) }
    switch step.next {
    case .sleep(let d):
      if toMs(d) <= now { return "timer sleeps to \(toMs(d)) <= now \(now)" }
      live = (l.gen, toMs(d))
    case .stop: live = nil
    case .retire: return "live timer \(l.gen) retired"
    case .wakeAgain: return "the shared timer asked to wake again at once"
    }
    return nil
  }

  // MARK: reference side

  mutating func refStart(_ run: StartRun<Int>, key: Int) {
    refRuns[key].append(Run(ticket: run.ticket))
    refLog[key].append("d@\(now) \(run.ticket.carried.map(String.init) ?? "-")")
  }

  mutating func refStep(_ key: Int) {
    while case .asleep(let g) = refs[key].ledger.timer, let d = refs[key].timerDeadline,
      toMs(d) <= now
    {
      stepRefTimer(key, g)
    }
  }

  mutating func stepRefTimer(_ key: Int, _ g: UInt64) {
    loop: while true {
      switch refs[key].timerWoke(generation: g, at: ms(now)) {
      case .sleep, .stop: break loop
      case .startRun(let r): refStart(r, key: key)
      case .retire: fatalError("ref retire")
      }
    }
  }

  mutating func applyRef(_ action: SendAction<Int>, key: Int) {
    switch action {
    case .none: break
    case .startTimer(let g): stepRefTimer(key, g)
    case .startRun(let r): refStart(r, key: key)
    case .startRunAndTimer(let r, let g):
      refStart(r, key: key)
      stepRefTimer(key, g)
    }
  }

  // MARK: events

  mutating func send(_ key: Int) {
    sent += 1
    trace.append("@\(now) send \(sent) -> k\(key)")
    let a = keyed.send(sent, forKey: key, at: ms(now))
    applyKeyed(a, key: key)
    if !shut { applyRef(refs[key].send(sent, at: ms(now)), key: key) }
  }

  mutating func claim(_ key: Int) -> String? {
    guard var k = keyedRuns[key].first, !k.claimed else { return nil }
    trace.append("@\(now) claim k\(key)")
    guard prompt else {
      _ = keyed.claim(k.ticket, forKey: key, at: ms(now))
      keyedRuns[key][0].claimed = true
      return nil
    }
    guard var r = refRuns[key].first, !r.claimed else { return "k\(key): keyed run, no ref run" }
    let kv = keyed.claim(k.ticket, forKey: key, at: ms(now))
    let rv = refs[key].claim(r.ticket)
    keyedLog[key].append("c \(kv.map(String.init) ?? "nil")")
    refLog[key].append("c \(rv.map(String.init) ?? "nil")")
    k.claimed = true
    r.claimed = true
    keyedRuns[key][0] = k
    refRuns[key][0] = r
    return nil
  }

  mutating func ret(_ key: Int) -> String? {
    guard let k = keyedRuns[key].first, k.claimed else { return nil }
    trace.append("@\(now) return k\(key)")
    guard prompt else {
      keyed.runReturnedStartingNothing(k.ticket, forKey: key, at: ms(now))
      keyedRuns[key].removeFirst()
      return nil
    }
    guard let r = refRuns[key].first, r.claimed else { return "k\(key): ret mismatch" }
    keyed.runReturnedStartingNothing(k.ticket, forKey: key, at: ms(now))
    refs[key].runReturnedStartingNothing(r.ticket)
    keyedRuns[key].removeFirst()
    refRuns[key].removeFirst()
    return nil
  }

  /// Predicts flush(forKey:)'s preconditions without crashing.
  func flushWouldCrash(_ key: Int) -> String? {
    guard let s = keyed.keys[key] else { return nil }
    var m = s.machine
    _ = m.flush()
    if case .asleep(let g) = m.ledger.timer {
      loop: while true {
        switch m.timerWoke(generation: g, at: ms(now)) {
        case .sleep, .stop: break loop
        case .startRun: return "flushed key's timer starts a run"
        case .retire: return "retire"
        }
      }
    }
    var att: ManualClock.Instant?
    if case .asleep = m.ledger.timer {
      att = m.timerDeadline
    } else if let r = m.remembersUntil, r > ms(now) {
      att = r
    }
    guard let att, !keyed.isShutDown else { return nil }
    if s.filing != 0, s.filedFor <= att { return nil }
    switch keyed.timer {
    case .awake: return nil
    case .asleep: if let td = keyed.shared.deadline, att >= td { return nil }
    case .stopped: break
    }
    return
      "flush(forKey: \(key)) at \(now) would ask for the timer: attention \(toMs(att)), filed \(s.filing == 0 ? -1 : toMs(s.filedFor)), timer \(keyed.timer)"
  }

  mutating func flush(_ key: Int) -> String? {
    if let e = flushWouldCrash(key) { return e }
    trace.append("@\(now) flush k\(key)")
    func log(_ a: FlushAction<Int>) -> String {
      switch a {
      case .none: "f none"
      case .startRun(let r): "f run \(r.ticket.carried.map(String.init) ?? "-")"
      case .awaitRun: "f await"
      }
    }
    let ka = keyed.flush(forKey: key, at: ms(now))
    keyedLog[key].append(log(ka))
    if case .startRun(let r) = ka { keyedRuns[key].append(Run(ticket: r.ticket)) }
    let ra = refs[key].flush()
    refLog[key].append(log(ra))
    if case .startRun(let r) = ra { refRuns[key].append(Run(ticket: r.ticket)) }
    return nil
  }

  mutating func cancel(_ key: Int) {
    trace.append("@\(now) cancel k\(key)")
    let a = keyed.cancel(forKey: key)
    keyedLog[key].append("x \(a.cancelling.count)")
    let b = refs[key].cancel()
    refLog[key].append("x \(b.cancelling.count)")
  }

  mutating func cancelAll() -> String? {
    trace.append("@\(now) cancel all")
    let c = keyed.cancel()
    if c.stopsTimer != (live != nil) {
      return "stopsTimer \(c.stopsTimer) but live \(String(describing: live))"
    }
    if let l = live { zombies.append(l.gen) }
    live = nil
    for key in 0..<keyCount { _ = refs[key].cancel() }
    return nil
  }

  mutating func shutDownRunningPending() {
    trace.append("@\(now) shutDownRunningPending")
    for (key, a) in keyed.shutDownRunningPending(at: ms(now)) {
      if case .startRun(let r) = a {
        keyedRuns[key].append(Run(ticket: r.ticket))
        keyedLog[key].append("f run \(r.ticket.carried.map(String.init) ?? "-")")
      }
    }
    if let l = live { zombies.append(l.gen) }
    live = nil
    for key in 0..<keyCount {
      if case .startRun(let r) = refs[key].shutDownRunningPending() {
        refRuns[key].append(Run(ticket: r.ticket))
        refLog[key].append("f run \(r.ticket.carried.map(String.init) ?? "-")")
      }
    }
    shut = true
  }

  /// Advance the clock; in prompt mode, stop at every deadline and wake there.
  mutating func advance(by d: Int) -> String? {
    let target = now + d
    trace.append("@\(now) advance to \(target)")
    while now < target {
      var next = target
      if prompt {
        if let l = live, let u = l.until { next = min(next, u) }
        for key in 0..<keyCount {
          if case .asleep = refs[key].ledger.timer, let dd = refs[key].timerDeadline {
            next = min(next, max(toMs(dd), now + 1))
          }
        }
      }
      now = next
      if prompt {
        if let l = live, let u = l.until, u <= now {
          if let e = wakeLive() { return e }
        }
        for key in 0..<keyCount { refStep(key) }
        if let e = compare() { return e }
      }
    }
    return nil
  }

  func compare() -> String? {
    guard prompt else { return nil }
    for key in 0..<keyCount where keyedLog[key] != refLog[key] {
      return "k\(key) diverges:\n keyed \(keyedLog[key])\n ref   \(refLog[key])"
    }
    return nil
  }

  // MARK: invariants

  func invariants() -> String? {
    let n = ms(now)
    var holding = 0
    var runs = 0
    var live = 0
    var minLive: ManualClock.Instant?
    for (key, s) in keyed.keys {
      if s.machine.hasHeldValue { holding += 1 }
      runs += s.machine.ledger.activeRunCount
      if case .awake = s.machine.ledger.timer { return "k\(key) machine timer awake" }
      let filed = s.filing != 0
      if filed {
        let entries = keyed.shared.heap.entries.filter { $0.key == key && $0.filing == s.filing }
        if entries.count != 1 { return "k\(key) filing \(s.filing) has \(entries.count) entries" }
        if entries[0].deadline != s.filedFor { return "k\(key) filedFor mismatch" }
        live += 1
        minLive = minLive.map { min($0, s.filedFor) } ?? s.filedFor
      }
      if !s.machine.hasHeldValue && s.machine.ledger.activeRunCount == 0 && !filed {
        return "k\(key) kept with nothing"
      }
      if !keyed.isShutDown {
        if case .asleep = s.machine.ledger.timer {
          guard filed, let td = s.machine.timerDeadline, s.filedFor <= td else {
            return
              "k\(key) timer asleep to \(s.machine.timerDeadline.map(toMs) ?? -1) but filed \(filed ? toMs(s.filedFor) : -1)"
          }
        }
        if let r = s.machine.remembersUntil, r > n {
          guard filed, s.filedFor <= r else {
            return "k\(key) remembers until \(toMs(r)) but filed \(filed ? toMs(s.filedFor) : -1)"
          }
        }
      }
    }
    for key in 0..<keyCount where keyed.keys[key] == nil && !keyedRuns[key].isEmpty {
      return "k\(key) dropped with runs in flight"
    }
    if holding != keyed.holdingKeys { return "holdingKeys \(keyed.holdingKeys) != \(holding)" }
    if runs != keyed.runsInFlight { return "runsInFlight \(keyed.runsInFlight) != \(runs)" }
    if keyed.shared.staleEntries != keyed.shared.heap.count - live {
      return "staleEntries \(keyed.shared.staleEntries) != \(keyed.shared.heap.count - live)"
    }
    if let minLive, !keyed.isShutDown {
      switch keyed.timer {
      case .stopped: return "live filing \(toMs(minLive)) but timer stopped"
      case .awake: break
      case .asleep:
        if let td = keyed.shared.deadline, td > minLive {
          return "timer sleeps to \(toMs(td)) past live filing \(toMs(minLive))"
        }
      }
    }
    switch (keyed.timer, self.live) {
    case (.stopped, nil): break
    case (.awake(let g), let l?) where l.gen == g && l.until == nil: break
    case (.asleep(let g), let l?)
    where l.gen == g && l.until != nil
      && keyed.shared.deadline.map(toMs) == l.until:
      break
    default: return "timer \(keyed.timer) vs model \(String(describing: self.live))"
    }
    return nil
  }

  // MARK: driver

  mutating func drain() -> String? {
    trace.append("@\(now) drain")
    for _ in 0..<100_000 {
      if let l = live, l.until == nil {
        if let e = wakeLive() { return e }
        continue
      }
      if let key = (0..<keyCount).first(where: { !keyedRuns[$0].isEmpty }) {
        if let e = keyedRuns[key][0].claimed ? ret(key) : claim(key) { return e }
        continue
      }
      if let l = live, let u = l.until {
        if prompt {
          if let e = advance(by: max(u - now, 0)) { return e }
          if let l2 = live, l2.until == u, u <= now { if let e = wakeLive() { return e } }
        } else {
          now = max(now, u)
          if let e = wakeLive() { return e }
        }
        continue
      }
      break
    }
    if prompt, let e = advance(by: 100) { return e }
    if let key = (0..<keyCount).first(where: { !keyedRuns[$0].isEmpty }) {
      return "k\(key) runs left after drain"
    }
    if !keyed.keys.isEmpty || keyed.heapCount != 0 || keyed.holdingKeys != 0
      || keyed.runsInFlight != 0
    {
      return
        "after drain: keys \(keyed.keys.keys.sorted()) heap \(keyed.heapCount) holding \(keyed.holdingKeys) runs \(keyed.runsInFlight) timer \(keyed.timer)"
    }
    return nil
  }

  mutating func step(interval: Int) -> String? {
    // An awake timer task runs now (prompt) or whenever (lax).
    if let l = live, l.until == nil, prompt || rng.chance(40) {
      trace.append("@\(now) live wakes (awake)")
      if let e = wakeLive() { return e }
      if !prompt { for key in 0..<keyCount { refStep(key) } }
      return nil
    }
    if !zombies.isEmpty, rng.chance(20) {
      let g = zombies.removeFirst()
      trace.append("@\(now) zombie \(g) wakes")
      let s = keyed.timerWoke(generation: g, at: ms(now))
      guard case .retire = s.next, s.starts.isEmpty else { return "zombie \(g) acted" }
      return nil
    }
    if !prompt, let l = live, let u = l.until, u <= now, rng.chance(30) {
      trace.append("@\(now) live wakes late")
      return wakeLive()
    }
    let roll = rng.next(below: 100)
    let key = rng.next(below: keyCount)
    switch roll {
    case 0..<35: send(key)
    case 35..<50: return claim(key)
    case 50..<62: return ret(key)
    case 62..<80: return advance(by: rng.next(below: interval + 2))
    case 80..<86: if !shut { return flush(key) }
    case 86..<91: if !shut { cancel(key) }
    case 91..<92: if !shut { return cancelAll() }
    case 92..<93: if !shut && rng.chance(10) { shutDownRunningPending() }
    default: return advance(by: 1)
    }
    return nil
  }

  static func run(
    fresh: M, interval: Int, keys: Int, prompt: Bool, seeds: Range<UInt64>, steps: Int,
    name: String
  ) -> String? {
    for seed in seeds {
      var w = KeyedDifferentialWorld(fresh: fresh, keys: keys, prompt: prompt, seed: seed)
      for _ in 0..<steps {
        if let e = w.step(interval: interval) ?? w.invariants() ?? w.compare() {
          return "\(name) seed \(seed): \(e)\n" + w.trace.suffix(40).joined(separator: "\n")
        }
      }
      if let e = w.drain() ?? w.invariants() ?? w.compare() {
        return "\(name) seed \(seed) drain: \(e)\n" + w.trace.suffix(40).joined(separator: "\n")
      }
    }
    return nil
  }
}

@Suite("Model: the keyed machine against one unkeyed machine per key, sampled", .watched)
struct KeyedMachineDifferentialTests {
  typealias DM = DebounceStateMachine<LatestValue<Int>, ManualClock.Instant>
  typealias TM = ThrottleStateMachine<LatestValue<Int>, ManualClock.Instant>

  /// Seeds per configuration: 10 in a plain `swift test`, more with `SETTLE_MODEL_SCHEDULES`
  /// (66 in `.ci/run`'s thorough step); the 60-key runs take one seed in ten of those.
  static let seeds = UInt64(
    max(1, (Int(Environment.value("SETTLE_MODEL_SCHEDULES") ?? "") ?? 300) / 30))

  static let debounceOptions: [DebounceOptions] = [
    DebounceOptions(),
    DebounceOptions(maxWait: .milliseconds(7)),
    DebounceOptions(leading: true, trailing: false),
    DebounceOptions(leading: true, trailing: true),
    DebounceOptions(leading: true, trailing: true, maxWait: .milliseconds(7)),
    DebounceOptions(leading: false, trailing: true, maxWait: .milliseconds(5)),
  ]

  /// Every seed of every configuration, with the timer late and then prompt; records the
  /// first failure with the end of its schedule.
  static func check<M: TimedStateMachine>(
    _ configurations: [(name: String, interval: Int, fresh: M)], keys: Int, seeds: Range<UInt64>,
    steps: Int
  ) where M.Input == Int, M.Value == Int, M.Instant == ManualClock.Instant {
    for prompt in [false, true] {
      for configuration in configurations {
        if let failure = KeyedDifferentialWorld<M>.run(
          fresh: configuration.fresh, interval: configuration.interval, keys: keys,
          prompt: prompt, seeds: seeds, steps: steps,
          name: "\(keys) keys, \(configuration.name), prompt \(prompt)")
        {
          Issue.record("\(failure)")
          return
        }
      }
    }
  }

  static func debounces(intervals: [Int]) -> [(name: String, interval: Int, fresh: DM)] {
    intervals.flatMap { interval in
      debounceOptions.enumerated().map { index, options in
        (
          "debounce options #\(index), interval \(interval)", interval,
          DM(interval: .milliseconds(interval), options: options, fold: LatestValue())
        )
      }
    }
  }

  static func throttles(intervals: [Int]) -> [(name: String, interval: Int, fresh: TM)] {
    intervals.flatMap { interval in
      MachineExplorationTests.throttleModes.map { mode in
        (
          "throttle \(mode), interval \(interval)", interval,
          TM(interval: .milliseconds(interval), mode: mode, fold: LatestValue())
        )
      }
    }
  }

  @Test func eachDebouncedKeyActsAsItsOwnMachine() {
    Self.check(Self.debounces(intervals: [0, 1, 5]), keys: 4, seeds: 0..<Self.seeds, steps: 300)
  }

  @Test func eachThrottledKeyActsAsItsOwnMachine() {
    Self.check(Self.throttles(intervals: [0, 1, 5]), keys: 4, seeds: 0..<Self.seeds, steps: 300)
  }

  @Test func sixtyKeysKeepTheHeapAndTheirMachinesInStep() {
    let seeds = 1000..<(1000 + max(1, Self.seeds / 10))
    Self.check(Self.debounces(intervals: [5]), keys: 60, seeds: seeds, steps: 4000)
    Self.check(Self.throttles(intervals: [5]), keys: 60, seeds: seeds, steps: 4000)
  }

  /// A flush after a shutdown that ran the pending values finds a key still remembered (its
  /// run in flight, its window open) and files it nowhere: the timer is gone for good. It
  /// used to ask for a new timer, and stop on a precondition.
  @Test func aFlushAfterShutdownFilesNothing() throws {
    var machine = KeyedStateMachine<
      String, ThrottleStateMachine<LatestValue<String>, ManualClock.Instant>
    >(
      interval: .milliseconds(300), mode: .newestAtWindowEnd, fold: LatestValue())
    let run = try #require(machine.send("a1", forKey: "a", at: ms(0)).startedRun)
    _ = machine.shutDownRunningPending(at: ms(0))
    #expect(machine.keys["a"]?.machine.remembersUntil == ms(300))
    guard case .awaitRun(run.ticket.id) = machine.flush(forKey: "a", at: ms(100)) else {
      Issue.record("the flush awaits the run in flight, which carries a1")
      return
    }
    #expect(machine.timer == .stopped)
    #expect(machine.heapCount == 0)
    #expect(
      machine.claim(run.ticket, forKey: "a", at: ms(100)) == "a1", "a run in flight still finishes")
    machine.runReturnedStartingNothing(run.ticket, forKey: "a", at: ms(100))
    #expect(machine.keyCount == 0)
  }
}
