// Hooks: drives the package's `KeyedDebounceStateMachine` through ``KeyedMachineWorld``.
import Settle
import SettleTesting

/// Every schedule of a caller's steps on two keys (a send for either key, one tick of the
/// clock, `cancel(forKey:)`, `flush(forKey:)`) up to a depth, with the engine's tasks run
/// promptly after each step, against one plain `Debouncer` reference model per key
/// (`DebounceModel`, as the single-key search uses): each key must start the same values at
/// the same ticks as its own model, whatever the other key does.
struct KeyedPromptMachineWorld: ExplorableWorld {
  /// A caller's steps only (`send`, `tick`, `cancel`, `flush`): the tasks run promptly after
  /// each.
  typealias Event = PlainKeyedMachineWorld.Event

  private(set) var world: PlainKeyedMachineWorld
  private(set) var models: [DebounceModel]
  private var sendsLeft: Int
  private var ticksLeft: Int

  init(interval: Int, options: DebounceOptions, sends: Int, ticks: Int) {
    world = PlainKeyedMachineWorld(interval: interval, options: options)
    let model = DebounceModel(
      interval: interval, leading: options.leading, trailing: options.trailing,
      maxWait: options.maxWait.map { Int($0 / .milliseconds(1)) })
    models = [model, model]
    sendsLeft = sends
    ticksLeft = ticks
  }

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if ticksLeft > 0 { events.append(.tick) }
    for key in PlainKeyedMachineWorld.keys {
      if sendsLeft > 0 { events.append(.send(key: key)) }
      events += [.cancel(key: key), .flush(key: key)]
    }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    if case .send = event { sendsLeft -= 1 }
    if case .tick = event { ticksLeft -= 1 }
    if let broken = world.perform(event) { return broken }
    switch event {
    case .send(let key): models[key].apply(.send(world.sent))
    case .tick: for key in PlainKeyedMachineWorld.keys { models[key].apply(.advance(1)) }
    case .cancel(let key): models[key].apply(.cancel)
    case .flush(let key): models[key].apply(.flush)
    case .timerWakes, .claim, .runReturns:
      preconditionFailure("\(event) is a task's step; only a caller's steps are enabled here")
    }
    // What the model assumes happens at once: every task that can run now runs.
    if let broken = world.runTasks(movingTheClock: false) { return broken }
    defer {
      for key in PlainKeyedMachineWorld.keys {
        models[key].runs.removeAll()
        world.started[key].removeAll()
      }
    }
    for key in PlainKeyedMachineWorld.keys where world.started[key] != models[key].runs {
      return
        "after \(event): key \(PlainKeyedMachineWorld.name(key)) started \(world.started[key]), its model \(models[key].runs)"
    }
    return nil
  }

  func checkState() -> String? { nil }

  var fingerprint: String { "\(world.fingerprint)|\(models)|\(sendsLeft),\(ticksLeft)" }
}
