import Foundation
import SettleTestSupport
import Testing

/// A closed system whose every reachable state, up to a depth bound, a breadth-first search
/// visits: a pure machine together with the tasks, clock and callers around it.
///
/// A world lists the events that could happen next in its current state (a send, a timer task
/// waking, a run claiming, ...), applies one, and says whether a guarantee broke. The search
/// tries every enabled event in every state, so every order in which concurrent events can
/// arrive is covered, not a sample of them.
protocol ExplorableWorld {
  associatedtype Event: CustomStringConvertible

  /// The events that can happen next, in a fixed order so that the search is deterministic.
  func enabledEvents() -> [Event]
  /// Applies `event`; a non-`nil` result names the guarantee that `event` broke.
  mutating func apply(_ event: Event) -> String?
  /// A guarantee about the state itself, checked once per distinct state (for example, that
  /// everything pending runs once the clock is let go); `nil` when it holds.
  func checkState() -> String?
  /// Everything that decides the world's future: two states with equal fingerprints have the
  /// same future, so the search visits one of them.
  var fingerprint: String { get }
}

/// The outcome of a search: how much of the state space it covered, and the first broken
/// guarantee, with the shortest sequence of events that reaches it.
struct SearchReport: CustomStringConvertible, Sendable {
  /// Distinct states visited.
  var states = 0
  /// Events applied, including those that led to a state already visited.
  var transitions = 0
  /// The deepest level reached, at most the bound.
  var depth = 0
  /// Whether some state at the bound still had enabled events: the bound, not the state
  /// space, ended the search.
  var truncated = false
  /// The first guarantee broken, if any: breadth-first, so its trace is a shortest one.
  var violation: Violation?

  struct Violation: CustomStringConvertible, Sendable {
    var message: String
    var trace: [String]

    var description: String {
      let steps = trace.enumerated().map { "  \($0.offset + 1). \($0.element)" }
      return "\(message)\nshortest schedule (\(trace.count) events):\n"
        + steps.joined(separator: "\n")
    }
  }

  var description: String {
    "\(states) states, \(transitions) transitions, depth \(depth)\(truncated ? " (bounded)" : "")"
      + (violation.map { "; VIOLATION: \($0)" } ?? "")
  }
}

/// Visits every state of `initial`'s world reachable in at most `depth` events, breadth first,
/// each distinct state once; stops at the first broken guarantee.
///
/// - Complexity: O(states × events per state) applications, and one fingerprint per
///   transition.
func exploreStates<World: ExplorableWorld>(from initial: World, depth bound: Int) -> SearchReport {
  var report = SearchReport()
  var nodes = [SearchNode(world: initial, depth: 0, parent: nil, event: nil)]
  var seen: Set<String> = [initial.fingerprint]

  func trace(to index: Int, then last: String? = nil) -> [String] {
    var steps: [String] = last.map { [$0] } ?? []
    var cursor: Int? = index
    while let current = cursor, let event = nodes[current].event {
      steps.append(event)
      cursor = nodes[current].parent
    }
    return steps.reversed()
  }

  var next = 0
  while next < nodes.count {
    let index = next
    next += 1
    let node = nodes[index]
    report.states += 1
    // A deep search runs for minutes without a wait: say it is working, not stuck. Often
    // enough for the keyed worlds under the thread sanitizer, whose states (each drained on a
    // copy to check it) take milliseconds each there: one lock per 256 states costs nothing.
    if report.states % 256 == 0 { Watchdog.shared.noteProgress() }
    report.depth = max(report.depth, node.depth)
    if let broken = node.world.checkState() {
      report.violation = .init(message: broken, trace: trace(to: index))
      return report
    }
    let events = node.world.enabledEvents()
    guard node.depth < bound else {
      if !events.isEmpty { report.truncated = true }
      continue
    }
    for event in events {
      var world = node.world
      report.transitions += 1
      if let broken = world.apply(event) {
        report.violation = .init(
          message: broken, trace: trace(to: index, then: event.description))
        return report
      }
      if seen.insert(world.fingerprint).inserted {
        nodes.append(
          SearchNode(world: world, depth: node.depth + 1, parent: index, event: event.description))
      }
    }
    // The visited node's world is no longer needed; keep only the trace links.
    nodes[index].world = initial
  }
  return report
}

/// A state the search reached, with its parent and the event that reached it, for the trace.
private struct SearchNode<World> {
  var world: World
  var depth: Int
  var parent: Int?
  var event: String?
}

/// How far the searches go. A plain `swift test` runs them `shallow`: a few seconds on two
/// cores, and still deep enough to catch every seeded fault of `-D SETTLE_MUTANTS` (CI's mutant
/// step runs at this level to prove it). CI runs `SETTLE_EXPLORE=standard` in a step of its
/// own, where the standard bounds keep every exploration suite under a minute on two cores;
/// `SETTLE_EXPLORE=deep` goes further, by hand.
enum ExplorationLevel: String {
  case shallow, standard, deep

  static let current: ExplorationLevel = {
    guard let name = getenv("SETTLE_EXPLORE").map({ String(cString: $0) }) else {
      return .shallow
    }
    guard let level = ExplorationLevel(rawValue: name) else {
      fatalError("SETTLE_EXPLORE=\(name): use shallow, standard or deep")
    }
    return level
  }()

  /// The value for the current level.
  static func pick<T>(shallow: T, standard: T, deep: T) -> T {
    switch current {
    case .shallow: shallow
    case .standard: standard
    case .deep: deep
    }
  }
}

/// ``exploreStates(from:depth:)`` on a thread of its own (see ``onThreadOfItsOwn(_:)``).
func exploreStatesOffThePool<World: ExplorableWorld & SendableMetatype>(
  _ makeWorld: @escaping @Sendable () -> World, depth: Int
) async -> SearchReport {
  await onThreadOfItsOwn { exploreStates(from: makeWorld(), depth: depth) }
}

/// Runs `body` on a new thread and returns its result, so that a search of tens of seconds
/// does not hold one of the cooperative pool's threads (two, on a two-core machine) and starve
/// the tests running beside it. The stack is large for the deep searches' recursion into the
/// machines.
func onThreadOfItsOwn<Result: Sendable>(
  _ body: @escaping @Sendable () -> Result
) async -> Result {
  await withCheckedContinuation { continuation in
    let thread = Thread { continuation.resume(returning: body()) }
    thread.stackSize = 16 << 20
    thread.start()
  }
}

/// What every search test expects of its report: no violation, and enough states that the
/// search meant something (a world that stops at once would pass vacuously).
func expectCleanSearch(
  _ report: SearchReport, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(report.violation == nil, "\(report)", sourceLocation: sourceLocation)
  #expect(
    report.states > 100, "the search covered too little to mean anything: \(report)",
    sourceLocation: sourceLocation)
}
