// Hooks: drives the package's `KeyedStateMachine` through ``KeyedMachineWorld``.
import Settle
import SettleTesting

/// Every schedule of a caller's steps on two keys (a send for either key, one tick of the
/// clock, `cancel(forKey:)`, `flush(forKey:)`) up to a depth, with the engine's tasks run
/// promptly after each step, against one single-key reference model per key (`DebounceModel`
/// or `ThrottleModel`, as the single-key search uses): each key must start the same values at
/// the same ticks as its own model, whatever the other key does.
struct KeyedPromptMachineWorld<KeyMachine: ExploredKeyMachine, Model: TimedReferenceModel>:
  ExplorableWorld
where
  KeyMachine.Input == Int, KeyMachine.Value: ExploredRunValue,
  KeyMachine.Instant == ManualClock.Instant
{
  typealias World = KeyedMachineWorld<KeyMachine>
  /// A caller's steps only (`send`, `tick`, `cancel`, `flush`): the tasks run promptly after
  /// each.
  typealias Event = World.Event

  private(set) var world: World
  private(set) var models: [Model]
  private var sendsLeft: Int
  private var ticksLeft: Int
  /// Whether the owner has `flush(forKey:)`: a rate limiter has none.
  private let flushes: Bool

  init(world: World, model: Model, sends: Int, ticks: Int, flushes: Bool = true) {
    self.world = world
    models = [model, model]
    sendsLeft = sends
    ticksLeft = ticks
    self.flushes = flushes
  }

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if ticksLeft > 0 { events.append(.tick) }
    for key in World.keys {
      if sendsLeft > 0 { events.append(.send(key: key)) }
      events.append(.cancel(key: key))
      if flushes { events.append(.flush(key: key)) }
    }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    if case .send = event { sendsLeft -= 1 }
    if case .tick = event { ticksLeft -= 1 }
    if let broken = world.perform(event) { return broken }
    switch event {
    case .send(let key): models[key].apply(.send(world.sent))
    case .tick: for key in World.keys { models[key].apply(.advance(1)) }
    case .cancel(let key): models[key].apply(.cancel)
    case .flush(let key): models[key].apply(.flush)
    case .timerWakes, .claim, .runReturns:
      preconditionFailure("\(event) is a task's step; only a caller's steps are enabled here")
    }
    // What the model assumes happens at once: every task that can run now runs.
    if let broken = world.runTasks(movingTheClock: false) { return broken }
    defer {
      for key in World.keys {
        models[key].runs.removeAll()
        world.started[key].removeAll()
      }
    }
    for key in World.keys where world.started[key] != models[key].runs {
      return
        "after \(event): key \(World.name(key)) started \(world.started[key]), its model \(models[key].runs)"
    }
    return nil
  }

  func checkState() -> String? { nil }

  var fingerprint: String { "\(world.fingerprint)|\(models)|\(sendsLeft),\(ticksLeft)" }
}

extension KeyedPromptMachineWorld
where
  KeyMachine == DebounceStateMachine<LatestValue<Int>, ManualClock.Instant>,
  Model == DebounceModel
{
  /// A plain keyed debouncer against a `DebounceModel` per key.
  init(interval: Int, options: DebounceOptions, sends: Int, ticks: Int) {
    self.init(
      world: World(interval: interval, options: options),
      model: DebounceModel(
        interval: interval, leading: options.leading, trailing: options.trailing,
        maxWait: options.maxWait.map { Int($0 / .milliseconds(1)) }),
      sends: sends, ticks: ticks)
  }
}

extension KeyedPromptMachineWorld
where
  KeyMachine == ThrottleStateMachine<LatestValue<Int>, ManualClock.Instant>,
  Model == ThrottleModel
{
  /// A plain keyed throttler against a `ThrottleModel` per key.
  init(interval: Int, mode: ThrottleMode, sends: Int, ticks: Int) {
    self.init(
      world: World(interval: interval, mode: mode, fold: LatestValue()),
      model: ThrottleModel(interval: interval, mode: mode), sends: sends, ticks: ticks)
  }
}

extension KeyedPromptMachineWorld
where KeyMachine == RateLimitTestMachine, Model == RateLimitModel {
  /// A keyed rate limiter against a `RateLimitModel` per key.
  init(limit: Int, interval: Int, sends: Int, ticks: Int) {
    self.init(
      world: World(limit: limit, interval: interval),
      model: RateLimitModel(limit: limit, interval: interval), sends: sends, ticks: ticks,
      flushes: false)
  }
}
