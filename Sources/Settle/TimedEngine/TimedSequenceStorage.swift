/// The engine behind ``DebouncedSequence`` and ``ThrottledSequence``: a pump task that
/// consumes the base eagerly into a ``TimedRuns``, whose runs hand elements to a
/// ``DeliveryStateMachine`` that the iterator's `next()` asks.
///
/// Eager consumption (push, not pull) keeps the timing independent of the consumer: a slow
/// consumer never shifts a deadline, and finds what became due meanwhile kept as its
/// ``ElementBuffering`` says.
///
/// Runs are handed over at dispatch, and every element and every `next()` first catches the
/// timer up with the clock (see ``PacedRuns/Handover``): what the consumer gets depends on the
/// order of those events and the clock, never on which task the executor runs first.
///
/// Everything an element passes through is `@inlinable`, from the iterator's `next()` down to
/// the pump and ``PacedRuns/send(_:)``, so that the operator is specialised for the caller's
/// base, element and clock in the caller's module: unspecialised, generic metadata and value
/// witnesses cost more per element than the send itself.
@usableFromInline
package final class TimedSequenceStorage<
  Base: AsyncSequence & Sendable, Machine: TimedStateMachine, C: Clock
>:
  Sendable
where
  Machine.Input: NumberedPayload, Machine.Value: NumberedPayload,
  Machine.Input.Payload == Base.Element, Machine.Instant == C.Instant, Base.Element: Sendable
{
  @usableFromInline
  typealias Consumer = UnsafeContinuation<Result<Machine.Value.Payload?, any Error>, Never>
  @usableFromInline
  typealias Delivery = DeliveryStateMachine<Machine.Value.Payload, Consumer>

  /// The output machine, and the pump's handle that applying its actions needs.
  @usableFromInline
  struct Output {
    @usableFromInline var machine: Delivery
    @usableFromInline var pump: Task<Void, Never>?
    /// The base ended and what its end causes at once has happened; only the runs that keep
    /// their timing (a throttle's window) may be left. Tests wait for it (see
    /// `waitUntilInputEnded()`), since nothing public shows that moment.
    var inputEnded = false
    var inputEndWaiters = WaiterQueue<Void>()
    /// The consumer an element was handed to under the engine's lock, to resume once that
    /// lock is released (see ``PacedRuns/Handover``).
    @usableFromInline var handoff = Delivery.Action.none

    @inlinable
    init(buffering: ElementBuffering) {
      machine = Delivery(buffering: buffering)
    }
  }

  @usableFromInline
  let base: Base
  @usableFromInline
  let runs: TimedRuns<Machine, C, Void, Never>
  @usableFromInline
  let output: LockedState<Output>

  @usableFromInline
  package init(
    base: Base, machine: Machine, buffering: ElementBuffering, clock: C, tolerance: Duration?
  ) {
    self.base = base
    let output = LockedState(Output(buffering: buffering))
    self.output = output
    let handover = TimedRuns<Machine, C, Void, Never>.Handover(
      record: { element in
        output.withLock { output in
          let action = output.machine.elementDue(element)
          // Only a waiting consumer is resumed, and it stops waiting here: at most one
          // handoff is outstanding.
          guard case .resume = action else { return }
          guard case .none = output.handoff else {
            preconditionFailure(
              "Internal inconsistency in Settle: an element was handed to a consumer while another handoff was outstanding"
            )
          }
          output.handoff = action
        }
      },
      complete: {
        Self.apply(
          output.withLock { output in
            defer { output.handoff = .none }
            return output.handoff
          })
      })
    runs = TimedRuns(
      machine: SoleKeyMachine(machine), clock: clock, tolerance: tolerance, handover: handover)
  }

  /// The next element, `nil` at the end or after cancellation, or the base's error.
  @inlinable
  package func next() async throws -> Machine.Value.Payload? {
    let result = await withTaskCancellationHandler {
      await withUnsafeContinuation { (consumer: Consumer) in
        // What became due by now is handed over first, so that asking after an `advance`
        // finds it whichever task ran first.
        runs.catchUp()
        let action = output.withLock { $0.machine.consumerAsks(consumer) }
        if case .suspend(startingBase: true) = action {
          startPump()
        } else {
          Self.apply(action)
        }
      }
    } onCancel: {
      terminate()
    }
    return try result.get()
  }

  /// Ends everything: the consumer gets `nil`, the pump and pending runs are cancelled.
  @usableFromInline
  package func terminate() {
    let (action, pump) = output.withLock { output in
      (output.machine.cancelled(), output.pump)
    }
    Self.apply(action)
    pump?.cancel()
    runs.shutDown()
  }

  @inlinable
  static func apply(_ action: Delivery.Action) {
    if case .resume(let consumer, let result) = action {
      consumer.resume(returning: result)
    }
  }

  @inlinable
  func startPump() {
    let task = Task { await self.pump() }
    let alreadyOver = output.withLock { output -> Bool in
      output.pump = task
      return output.machine.isOver
    }
    if alreadyOver { task.cancel() }
  }

  @inlinable
  func pump() async {
    let completion: Delivery.Completion
    do {
      var iterator = base.makeAsyncIterator()
      while let element = try await iterator.next() {
        runs.send(element)
      }
      // The end is an event like an element: what the clock made due before it comes first.
      runs.catchUp()
      // The base finished: what is pending comes out as the machine's rule for an ended input
      // says, then the sequence ends.
      if Machine.runsPendingValueWhenInputEnds { await runs.flush() }
      recordInputEnded()
      await runs.waitUntilIdle()
      completion = .finished
    } catch {
      // The base failed: what the clock made due before it still comes; what is pending is
      // dropped, the error is kept for the consumer.
      runs.catchUp()
      runs.cancel()
      recordInputEnded()
      await runs.waitUntilIdle()
      completion = .failed(error)
    }
    Self.apply(output.withLock { $0.machine.baseEnded(completion) })
  }

  @usableFromInline
  func recordInputEnded() {
    let waiters = output.withLock { output in
      output.inputEnded = true
      return output.inputEndWaiters.removeSatisfied { true }
    }
    for waiter in waiters { waiter.resume() }
  }
}
