/// The engine of an unkeyed owner: the single-key case of ``PacedRuns``.
@usableFromInline
package typealias TimedRuns<
  Machine: TimedStateMachine, C: Clock, Success: Sendable, Failure: Error
> = PacedRuns<
  SoleKeyMachine<Machine>, C, IsolatedAction<Machine.Value.Payload, Success, Failure>
>
where
  Machine.Instant == C.Instant, Machine.Input: NumberedPayload, Machine.Value: NumberedPayload

/// The engine of a keyed owner: one ``TimedStateMachine`` per key, under one shared timer.
@usableFromInline
package typealias KeyedRuns<
  Key: Hashable & Sendable, KeyMachine: TimedStateMachine, C: Clock, Success: Sendable,
  Failure: Error
> = PacedRuns<
  KeyedStateMachine<Key, KeyMachine>, C,
  IsolatedKeyedAction<Key, KeyMachine.Value.Payload, Success, Failure>
>
where
  KeyMachine.Instant == C.Instant, KeyMachine.Input: NumberedPayload,
  KeyMachine.Value: NumberedPayload

// The members of an unkeyed owner's engine, each the keyed member for the one key.
extension PacedRuns where Table.Key == SoleKey {
  /// Whether a value is waiting to run.
  @inlinable
  package var isPending: Bool { isPending(forKey: SoleKey()) }

  @inlinable
  package func send(_ input: Input) {
    send(input, forKey: SoleKey())
  }

  /// See ``sendAndWait(_:forKey:)``.
  @inlinable
  package func sendAndWait(
    _ input: Input
  ) async throws(CancellationError) -> SendSettlement<RunResult> {
    try await sendAndWait(input, forKey: SoleKey())
  }

  /// See ``startFlush(forKey:)``.
  @discardableResult
  package func startFlush() -> Task<Void, Never>? {
    startFlush(forKey: SoleKey())
  }
}
