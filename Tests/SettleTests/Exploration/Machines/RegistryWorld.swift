// Hooks: drives the package's `RegistryState` and `TrackingScope.State`, the two pure machines
// under `withTracking`, which have no public face.
import Settle

/// One tracking scope over one registry, with the threads that race on it: one arming the
/// scope (its reads, then its installation), writers, a canceller, and the object's release.
///
/// Each step is one critical section of the real code: a registry lock (`RegistryCore`) or the
/// scope's lock (`TrackingScope`), so every interleaving of the sections is an interleaving
/// the real code can take. What runs between them is written here as in `TrackingScope`
/// (`install`, `fire`, `cancel`) and `RegistryCore` (`willSet`, `didSet`, `close`), step by
/// step; the decisions are the real machines'.
struct RegistryWorld: ExplorableWorld {
  struct Model {
    var p = 0
    var q = 0
  }

  /// One critical section, and the thread-local data it needs.
  enum Step: CustomStringConvertible {
    case read(Property)
    case register
    case didRegister
    case unregister(PropertyReads, objectLevel: Bool)
    case willSet(Property)
    case didSet(Property)
    /// `TrackingScope.fire`: take the claim (disarm), then remove the registrations.
    case fire(TrackingEvent.Kind, byRegistry: Bool)
    case call(TrackingEvent.Kind)
    case cancel
    case close

    var description: String {
      switch self {
      case .read(let property): "reads \(property)"
      case .register: "registers the scope"
      case .didRegister: "records the registration on the scope"
      case .unregister: "unregisters the scope"
      case .willSet(let property): "willSet(\(property))"
      case .didSet(let property): "didSet(\(property))"
      case .fire(let kind, _): "fires (.\(kind)): takes the claim"
      case .call(let kind): "calls back (.\(kind))"
      case .cancel: "cancel(): takes the claim"
      case .close: "the object is released: close()"
      }
    }
  }

  enum Property: Int, CustomStringConvertible {
    case p, q
    var keyPath: AnyKeyPath { self == .p ? \Model.p : \Model.q }
    var description: String { self == .p ? "p" : "q" }
  }

  enum Thread: Int, CaseIterable, CustomStringConvertible {
    case arming, writerP, writerQ, canceller, release
    var description: String {
      switch self {
      case .arming: "arming thread"
      case .writerP: "writer of p"
      case .writerQ: "writer of q"
      case .canceller: "canceller"
      case .release: "release"
      }
    }
  }

  struct Event: CustomStringConvertible {
    var thread: Thread
    var step: Step
    var description: String { "\(thread): \(step)" }
  }

  /// What one scenario contains.
  struct Scenario: CustomStringConvertible {
    var options: TrackingOptions
    var reads: [Property]
    var cancels: Bool
    var releases: Bool
    var description: String {
      "options \(options.rawValue), reads \(reads), cancel \(cancels), release \(releases)"
    }
  }

  let scenario: Scenario
  private(set) var registry = RegistryState()
  private(set) var scopeState = TrackingScope.State()
  /// Identities only: the scope the registry holds, the core its registrations name.
  let scope: TrackingScope
  let core = RegistryCore()
  private(set) var queues: [[Step]]
  private(set) var reads = PropertyReads()
  private(set) var objectVersion: UInt64?
  /// Per property, whether its write had completed (`didSet` ran) when the scope read it.
  private(set) var readAfterWrite: [Bool] = [false, false]
  private(set) var calls: [TrackingEvent.Kind] = []
  private(set) var cancelWon = false
  private(set) var closed = false

  init(_ scenario: Scenario) {
    self.scenario = scenario
    scope = TrackingScope(options: scenario.options, callback: {})
    var queues = Array(repeating: [Step](), count: Thread.allCases.count)
    queues[Thread.arming.rawValue] = scenario.reads.map { .read($0) } + [.register]
    queues[Thread.writerP.rawValue] = [.willSet(.p), .didSet(.p)]
    if scenario.reads.contains(.q) {
      queues[Thread.writerQ.rawValue] = [.willSet(.q), .didSet(.q)]
    }
    if scenario.cancels { queues[Thread.canceller.rawValue] = [.cancel] }
    if scenario.releases { queues[Thread.release.rawValue] = [.close] }
    self.queues = queues
  }

  func isDone(_ thread: Thread) -> Bool { queues[thread.rawValue].isEmpty }

  func enabledEvents() -> [Event] {
    Thread.allCases.compactMap { thread in
      guard let step = queues[thread.rawValue].first else { return nil }
      switch thread {
      case .canceller:
        // A scope can be cancelled once the caller has it: after its reads.
        guard queues[Thread.arming.rawValue].allSatisfy({ !$0.isRead }) else { return nil }
      case .release:
        // A recorder holds the registry until installation ends, and a writer holds the object.
        guard isDone(.arming), isDone(.writerP), isDone(.writerQ) else { return nil }
      case .arming, .writerP, .writerQ:
        break
      }
      return Event(thread: thread, step: step)
    }
  }

  mutating func apply(_ event: Event) -> String? {
    var queue = queues[event.thread.rawValue]
    queue.removeFirst()
    var next: [Step] = []
    switch event.step {
    case .read(let property):
      let versions = registry.versionsForRead(of: property.keyPath)
      if objectVersion == nil { objectVersion = versions.object }
      _ = reads.insert(slot: versions.slot, version: versions.property)
      readAfterWrite[property.rawValue] = isDone(property == .p ? .writerP : .writerQ)
    case .register:
      if registry.register(scope, properties: reads, objectVersion: objectVersion ?? 0) != nil {
        next = [.fire(scope.changeKind, byRegistry: false)]
      } else {
        next = [.didRegister]
      }
    case .didRegister:
      let properties = scope.objectLevel ? PropertyReads() : reads
      let registration = TrackingScope.State.Registration(
        core: core, properties: properties, objectLevel: scope.objectLevel)
      if !scopeState.didRegister(registration) {
        next = [.unregister(properties, objectLevel: scope.objectLevel)]
      }
    case .unregister(let properties, let objectLevel):
      _ = registry.unregister(
        ObjectIdentifier(scope), properties: properties, objectLevel: objectLevel)
    case .willSet(let property):
      next = fired(registry.willSet(property.keyPath), kind: .willSet)
    case .didSet(let property):
      next = fired(registry.didSet(property.keyPath), kind: scope.changeKind)
    case .fire(let kind, let byRegistry):
      guard let registrations = scopeState.disarm() else {
        if SeededFault.isSeeded(.missingClaim) { next = [.call(kind)] }
        break
      }
      registrations.forEachElement { registration in
        if byRegistry, registration.objectLevel || registration.properties.isSingleRead { return }
        next.append(.unregister(registration.properties, objectLevel: registration.objectLevel))
      }
      next.append(.call(kind))
    case .call(let kind):
      calls.append(kind)
      if calls.count > 1 { return "the scope called back twice: \(calls)" }
    case .cancel:
      guard let registrations = scopeState.disarm() else { break }
      cancelWon = true
      registrations.forEachElement { registration in
        next.append(.unregister(registration.properties, objectLevel: registration.objectLevel))
      }
    case .close:
      closed = true
      let removed = registry.close()
      removed.forEachElement { scope in
        if scope.firesOnRelease { next.append(.fire(.deinit, byRegistry: true)) }
      }
    }
    queues[event.thread.rawValue] = next + queue
    return checkBookkeeping()
  }

  /// The scopes a write took out of the registry, to fire on the writer's thread.
  func fired(_ scopes: InlineFirstList<TrackingScope>, kind: TrackingEvent.Kind) -> [Step] {
    var steps: [Step] = []
    scopes.forEachElement { _ in steps.append(.fire(kind, byRegistry: true)) }
    return steps
  }

  /// The registry's published count matches its lists, always.
  func checkBookkeeping() -> String? {
    let listed =
      registry.object.beforeStore.count + registry.object.afterStore.count
      + registry.slots.reduce(0) { $0 + $1.beforeStore.count + $1.afterStore.count }
    if listed != registry.armedEntries {
      return "armedEntries is \(registry.armedEntries), but the lists hold \(listed) entries"
    }
    return nil
  }

  /// Checked once every thread is done: the exactly-once and no-leak rules.
  func checkState() -> String? {
    guard Thread.allCases.allSatisfy(isDone) else { return nil }
    // A write the scope must hear of: one to a property it read before that write completed.
    // An object-level scope hears of any write after its first read.
    // A write the scope must hear of: one to a property it read before that write completed
    // (object-level scenarios read `p` only, so the same rule holds for them).
    let missedWrite = scenario.reads.contains { !readAfterWrite[$0.rawValue] }
    let releaseFires = closed && scope.firesOnRelease
    let expected = !cancelWon && (missedWrite || releaseFires)
    if calls.count != (expected ? 1 : 0) {
      return
        "the scope called back \(calls.count) times, expected \(expected ? 1 : 0) (a write it must hear of: \(missedWrite), cancelled first: \(cancelWon), released: \(closed))"
    }
    if let kind = calls.first {
      let wanted: TrackingEvent.Kind = missedWrite ? scope.changeKind : .deinit
      if kind != wanted { return "the scope was told .\(kind), not .\(wanted)" }
    }
    if !scopeState.isArmed, registry.armedEntries != 0 {
      return
        "the scope ended, but the registry still holds \(registry.armedEntries) entries of it: a leak"
    }
    if scopeState.isArmed, !closed, registry.armedEntries == 0 {
      return "the scope is armed, but no registry holds it: it can never fire"
    }
    return nil
  }

  var fingerprint: String {
    let slots = registry.slots.map {
      "\($0.version)/\($0.writesInProgress)/\($0.beforeStore.count)/\($0.afterStore.count)"
    }
    return
      "\(slots)|\(registry.object.version)/\(registry.object.writesInProgress)/\(registry.object.beforeStore.count)/\(registry.object.afterStore.count)|\(registry.armedEntries)|\(scopeState.isArmed)|\(queues)|\(readsDescription)|\(objectVersion.map(String.init) ?? "-")|\(readAfterWrite)|\(calls)|\(cancelWon)|\(closed)"
  }

  private var readsDescription: String {
    var parts: [String] = []
    reads.forEachRead { parts.append("\($0.slot)@\($0.version)") }
    return parts.joined(separator: ",")
  }
}

extension RegistryWorld.Step {
  var isRead: Bool {
    if case .read = self { return true }
    return false
  }
}
