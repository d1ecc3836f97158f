/// A ``KeyedPacedAction``'s way into its engine; not for use outside Settle. See
/// ``_PacedEntryPoints`` for why its members are closures made where the owner is created.
public final class _KeyedPacedEntryPoints<
  Key: Hashable & Sendable, Input: Sendable, Success: Sendable
>:
  Sendable
{
  @usableFromInline
  package let controls: RunControls
  /// The engine, which ``controls`` keeps alive, for the closures below: passed unretained,
  /// so that a call through them retains nothing.
  @usableFromInline
  let engine: Unmanaged<any AnyObject & Sendable>
  @usableFromInline
  let sendForKey: @Sendable (Unmanaged<any AnyObject & Sendable>, Input, Key) -> Void
  @usableFromInline
  let sendAndWaitForKey:
    @Sendable (Unmanaged<any AnyObject & Sendable>, Input, Key) async throws(CancellationError) ->
      SendOutcome
  @usableFromInline
  let sendAndWaitForResultForKey:
    @Sendable (Unmanaged<any AnyObject & Sendable>, Input, Key) async throws -> Success
  @usableFromInline
  let cancelKey: @Sendable (Unmanaged<any AnyObject & Sendable>, Key) -> Void
  @usableFromInline
  let isKeyPending: @Sendable (Unmanaged<any AnyObject & Sendable>, Key) -> Bool

  /// The entry points of `runs`; see ``RunControls/init(_:ownerName:noun:)`` for the names.
  @inlinable
  package init<KeyMachine, C: Clock, Failure: Error>(
    _ runs: KeyedRuns<Key, KeyMachine, C, Success, Failure>,
    ownerName: @escaping @Sendable () -> String, noun: String
  ) where KeyMachine.Input.Payload == Input {
    typealias Runs = KeyedRuns<Key, KeyMachine, C, Success, Failure>
    controls = RunControls(runs, ownerName: ownerName, noun: noun)
    engine = Unmanaged.passUnretained(runs)
    sendForKey = { engine, value, key in
      engine._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Runs.self).send(value, forKey: key) }
    }
    sendAndWaitForKey = { engine, value, key throws(CancellationError) in
      try await unsafeDowncast(engine.takeUnretainedValue(), to: Runs.self)
        .sendAndWait(value, forKey: key).outcome
    }
    sendAndWaitForResultForKey = { engine, value, key in
      try await unsafeDowncast(engine.takeUnretainedValue(), to: Runs.self)
        .sendAndWait(value, forKey: key).value()
    }
    cancelKey = { unsafeDowncast($0.takeUnretainedValue(), to: Runs.self).cancel(forKey: $1) }
    isKeyPending = {
      unsafeDowncast($0.takeUnretainedValue(), to: Runs.self).isPending(forKey: $1)
    }
  }
}
