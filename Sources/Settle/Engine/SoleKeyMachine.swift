/// The single-key ``RunTable``: one ``TimedStateMachine``, whose own timer is the engine's.
///
/// Every event goes straight to the machine, so an unkeyed owner pays nothing for keys: no
/// table look-up, no deadline heap, and the machine's timer generations are the engine's. What
/// a key's machine does, it does here unchanged; ``KeyedStateMachine`` is the same rules for
/// many keys under a shared timer.
@usableFromInline
package struct SoleKeyMachine<Machine: TimedStateMachine>: RunTable
where Machine.Input: NumberedPayload, Machine.Value: NumberedPayload {
  @usableFromInline
  package typealias Key = SoleKey
  @usableFromInline
  package typealias KeyMachine = Machine
  @usableFromInline
  package typealias RunTasks = SoleRunTasks
  @usableFromInline
  package typealias Instant = Machine.Instant
  @usableFromInline
  package typealias Value = Machine.Value

  /// The machine; tests read its ledger.
  @usableFromInline
  package var machine: Machine

  @inlinable
  package init(_ machine: Machine) {
    self.machine = machine
  }

  @inlinable
  package static var replacesTimerTasks: Bool { false }

  @inlinable
  package var isIdle: Bool { machine.isIdle }

  @inlinable
  package func isQuiescent(at now: Instant) -> Bool { machine.isQuiescent(at: now) }

  @inlinable
  package var isShutDown: Bool { machine.ledger.isShutDown }

  @inlinable
  package var timerGeneration: UInt64? {
    switch machine.ledger.timer {
    case .stopped: nil
    case .awake(let generation), .asleep(let generation): generation
    }
  }

  @inlinable
  package var timersStarted: UInt64 { machine.ledger.timersStarted }

  @inlinable
  package var runsInFlight: Int { machine.ledger.activeRunCount }

  @inlinable
  package func isPending(forKey key: SoleKey) -> Bool { machine.isPending }

  @inlinable
  package func heldValue(forKey key: SoleKey) -> Value? { machine.heldValue }

  @inlinable
  package func ledger(forKey key: SoleKey) -> RunLedger? { machine.ledger }

  @inlinable
  package func timerIsDue(at now: Instant) -> Bool { machine.timerIsDue(at: now) }

  @inlinable
  package mutating func send(_ input: Machine.Input, forKey key: SoleKey, at now: Instant)
    -> SendAction<Value>
  {
    machine.send(input, at: now)
  }

  /// One step of the machine's timer, as its task takes it: a run started is followed by
  /// another step (``TimerStep/Next/wakeAgain``), after the engine has started the run.
  @inlinable
  package mutating func timerWoke(generation: UInt64, at now: Instant)
    -> TimerStep<SoleKey, Value, Instant>
  {
    switch machine.timerWoke(generation: generation, at: now) {
    case .startRun(let run):
      return TimerStep(starts: [KeyRun(key: SoleKey(), run: run)], next: .wakeAgain)
    case .sleep(let deadline):
      return TimerStep(starts: [], next: .sleep(until: deadline))
    case .stop:
      return TimerStep(starts: [], next: .stop)
    case .retire:
      return TimerStep(starts: [], next: .retire)
    }
  }

  @inlinable
  package mutating func timerAwaitsItsTask(generation: UInt64) {
    machine.ledger.timerAwaitsItsTask(generation: generation)
  }

  @inlinable
  package mutating func claim(_ ticket: RunTicket<Value>, forKey key: SoleKey, at now: Instant)
    -> Value?
  {
    machine.claim(ticket, at: now)
  }

  @inlinable
  package mutating func runReturned(
    _ ticket: RunTicket<Value>, forKey key: SoleKey, at now: Instant
  ) -> SendAction<Value> {
    machine.runReturned(ticket, at: now)
  }

  /// The machine's flush; its timer, if it sleeps, finds nothing left when it wakes, and stops.
  @usableFromInline
  package mutating func flush(forKey key: SoleKey, at now: Instant) -> FlushAction<Value> {
    machine.flush()
  }

  @usableFromInline
  package mutating func flush(at now: Instant) -> [(key: SoleKey, action: FlushAction<Value>)] {
    let action = machine.flush()
    if case .none = action { return [] }
    return [(SoleKey(), action)]
  }

  @usableFromInline
  package mutating func cancel(forKey key: SoleKey) -> CancelAction {
    machine.cancel()
  }

  @usableFromInline
  package mutating func cancel() -> CancelEveryKey<SoleKey> {
    Self.everyKey(machine.cancel())
  }

  /// The machine keeps its timer: woken, the task finds nothing left to time, and stops.
  @usableFromInline
  package mutating func shutDownRunningPending(
    at now: Instant
  ) -> [(key: SoleKey, action: FlushAction<Value>)] {
    let action = machine.shutDownRunningPending()
    if case .none = action { return [] }
    return [(SoleKey(), action)]
  }

  @usableFromInline
  package mutating func shutDown() -> CancelEveryKey<SoleKey> {
    Self.everyKey(machine.shutDown())
  }

  @usableFromInline
  static func everyKey(_ cancel: CancelAction) -> CancelEveryKey<SoleKey> {
    CancelEveryKey(
      stopsTimer: cancel.stopsTimer,
      cancelling: cancel.cancelling.isEmpty ? [] : [(SoleKey(), cancel.cancelling)])
  }
}
