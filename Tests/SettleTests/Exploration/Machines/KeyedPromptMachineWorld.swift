// Hooks: drives the package's `KeyedDebounceStateMachine` through ``KeyedMachineWorld``.
import Settle
import SettleTesting

/// Every schedule of a caller's steps on two keys (a send for either key, one tick of the
/// clock, `cancel(forKey:)`, `flush(forKey:)`) up to a depth, with the engine's tasks run
/// promptly after each step, against one plain `Debouncer` reference model per key
/// (`DebounceModel`, as the single-key search uses): each key must start the same values at
/// the same ticks as its own model, whatever the other key does.
struct KeyedPromptMachineWorld: ExplorableWorld {
  enum Event: CustomStringConvertible {
    case send(key: Int)
    case tick
    case cancel(key: Int)
    case flush(key: Int)

    var description: String {
      switch self {
      case .send(let key): "send(forKey: \(KeyedMachineWorld.name(key)))"
      case .tick: "clock +1 ms"
      case .cancel(let key): "cancel(forKey: \(KeyedMachineWorld.name(key)))"
      case .flush(let key): "flush(forKey: \(KeyedMachineWorld.name(key)))"
      }
    }
  }

  private(set) var world: KeyedMachineWorld
  private(set) var models: [DebounceModel]
  private var sendsLeft: Int
  private var ticksLeft: Int

  init(interval: Int, options: DebounceOptions, sends: Int, ticks: Int) {
    world = KeyedMachineWorld(interval: interval, options: options)
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
    for key in KeyedMachineWorld.keys {
      if sendsLeft > 0 { events.append(.send(key: key)) }
      events += [.cancel(key: key), .flush(key: key)]
    }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    let broken: String?
    switch event {
    case .send(let key):
      sendsLeft -= 1
      broken = world.perform(.send(key: key))
      models[key].apply(.send(world.sent))
    case .tick:
      ticksLeft -= 1
      broken = world.perform(.tick)
      for key in KeyedMachineWorld.keys { models[key].apply(.advance(1)) }
    case .cancel(let key):
      broken = world.perform(.cancel(key: key))
      models[key].apply(.cancel)
    case .flush(let key):
      broken = world.perform(.flush(key: key))
      models[key].apply(.flush)
    }
    if let broken { return broken }
    // What the model assumes happens at once: every task that can run now runs.
    if let broken = world.runTasks(movingTheClock: false) { return broken }
    defer {
      for key in KeyedMachineWorld.keys {
        models[key].runs.removeAll()
        world.started[key].removeAll()
      }
    }
    for key in KeyedMachineWorld.keys where world.started[key] != models[key].runs {
      return
        "after \(event): key \(KeyedMachineWorld.name(key)) started \(world.started[key]), its model \(models[key].runs)"
    }
    return nil
  }

  func checkState() -> String? { nil }

  var fingerprint: String { "\(world.fingerprint)|\(models)|\(sendsLeft),\(ticksLeft)" }
}
