/// What the one engine, ``TimedRuns``, asks of the machine it applies: a ``TimedStateMachine``
/// for each key, keys being a dimension of the engine rather than a second engine.
///
/// Two tables exist, and every owner uses one of them:
/// - ``KeyedStateMachine``: any number of keys, each with its own machine, under one shared
///   timer (the keyed owners).
/// - ``SoleKeyMachine``: the single-key case, one machine whose own timer is the engine's
///   timer (``Debouncing``, ``Throttling``, ``RateLimiting`` and the sequence operators).
///   Nothing is looked up per send, so an unkeyed send costs what it cost before keys were a
///   dimension.
///
/// Free of tasks, clocks and locks, as the machines are: each event is a `mutating func` that
/// returns what the engine must apply, and the rules of each event are the key machine's own
/// (see ``TimedStateMachine``). A generation names the one timer task the engine keeps.
@usableFromInline
package protocol RunTable: SettlingMachine, Sendable {
  /// What tells the table's machines apart; ``SoleKey`` for the single-key case.
  associatedtype Key: Hashable & Sendable
  /// The machine of each key.
  associatedtype KeyMachine: TimedStateMachine
  where
    KeyMachine.Instant == Instant, KeyMachine.Input: NumberedPayload,
    KeyMachine.Value: NumberedPayload

  /// Where the engine keeps the tasks of each key's runs in flight.
  associatedtype RunTasks: RunTaskStore where RunTasks.Key == Key

  /// Whether the table starts a new timer generation while the current one's task sleeps, to
  /// be replaced (a shared timer, when an earlier deadline is filed). A single machine's timer
  /// starts only once its task has ended, and the engine checks that it does.
  static var replacesTimerTasks: Bool { get }

  /// The owner is gone: values are dropped and nothing starts.
  var isShutDown: Bool { get }
  /// The generation of the engine's timer while it runs, `nil` while it is stopped.
  var timerGeneration: UInt64? { get }
  /// Timer generations started so far.
  var timersStarted: UInt64 { get }
  /// Runs dispatched and not yet returned, over every key.
  var runsInFlight: Int { get }

  /// A value of `key` is waiting to run: not yet due, or due and not yet started.
  func isPending(forKey key: Key) -> Bool
  /// The value `key` holds that has not run, if any: how the engine learns whether a send
  /// was kept.
  func heldValue(forKey key: Key) -> KeyMachine.Value?
  /// The ledger of `key`'s runs, while the table holds the key.
  func ledger(forKey key: Key) -> RunLedger?
  /// The timer has work at `now`: it is awake, or sleeps toward a deadline no later than
  /// `now`. What an engine with a handover catches up on (see ``PacedRuns/Handover``).
  func timerIsDue(at now: Instant) -> Bool

  /// A value for `key` arrives at `now`.
  mutating func send(_ input: KeyMachine.Input, forKey key: Key, at now: Instant)
    -> SendAction<KeyMachine.Value>
  /// The timer task of `generation` woke at `now`: the runs now due, and what the task does
  /// next.
  mutating func timerWoke(generation: UInt64, at now: Instant)
    -> TimerStep<Key, KeyMachine.Value, Instant>
  /// The timer of `generation`, which a catch-up just stopped, stays awake for its task,
  /// which is due to wake (see ``RunLedger/timerAwaitsItsTask(generation:)``).
  mutating func timerAwaitsItsTask(generation: UInt64)
  /// A dispatched run of `key` is about to start at `now`: its value, or `nil` when it must
  /// not start.
  mutating func claim(_ ticket: RunTicket<KeyMachine.Value>, forKey key: Key, at now: Instant)
    -> KeyMachine.Value?
  /// A dispatched run of `key` returned at `now`, whether or not it started: what to start
  /// next.
  mutating func runReturned(
    _ ticket: RunTicket<KeyMachine.Value>, forKey key: Key, at now: Instant
  ) -> SendAction<KeyMachine.Value>
  /// Runs `key`'s pending value now; a value already dispatched with its run is awaited.
  mutating func flush(forKey key: Key, at now: Instant) -> FlushAction<KeyMachine.Value>
  /// `flush(forKey:at:)` for every key that has something to run or to await.
  mutating func flush(at now: Instant) -> [(key: Key, action: FlushAction<KeyMachine.Value>)]
  /// Drops `key`'s pending value and voids its tickets; other keys go on.
  mutating func cancel(forKey key: Key) -> CancelAction
  /// Cancels every key.
  mutating func cancel() -> CancelEveryKey<Key>
  /// The owner is gone and its pending values must still run: `flush(at:)`, then later values
  /// are dropped.
  mutating func shutDownRunningPending(at now: Instant)
    -> [(key: Key, action: FlushAction<KeyMachine.Value>)]
  /// `cancel()` for good: the owner is gone, and later values are dropped.
  mutating func shutDown() -> CancelEveryKey<Key>
}
