/// A ``KeyedPacedAction``'s way into its engine; not for use outside Settle. See
/// ``_PacedEntryPoints`` for why its members are closures made where the owner is created, and
/// why callers go through its methods.
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
  let sendEntry: @Sendable (Unmanaged<any AnyObject & Sendable>, Input, Key) -> Void
  @usableFromInline
  let sendAndWaitEntry:
    @Sendable (Unmanaged<any AnyObject & Sendable>, Input, Key) async throws(CancellationError) ->
      SendOutcome
  @usableFromInline
  let sendAndWaitForResultEntry:
    @Sendable (Unmanaged<any AnyObject & Sendable>, Input, Key) async throws -> Success
  @usableFromInline
  let cancelEntry: @Sendable (Unmanaged<any AnyObject & Sendable>, Key) -> Void
  @usableFromInline
  let isPendingEntry: @Sendable (Unmanaged<any AnyObject & Sendable>, Key) -> Bool
  @usableFromInline
  let flushEntry: @Sendable (Unmanaged<any AnyObject & Sendable>, Key) async -> Void

  /// The entry points of `runs`, for an owner whose release applies `onRelease`; see
  /// ``RunControls/init(_:ownerName:noun:onRelease:)`` for the names.
  @inlinable
  package init<KeyMachine, C: Clock, Failure: Error>(
    _ runs: KeyedRuns<Key, KeyMachine, C, Success, Failure>,
    ownerName: @escaping @Sendable () -> String, noun: String,
    onRelease: PendingValuePolicy
  ) where KeyMachine.Input.Payload == Input {
    typealias Runs = KeyedRuns<Key, KeyMachine, C, Success, Failure>
    controls = RunControls(runs, ownerName: ownerName, noun: noun, onRelease: onRelease)
    engine = Unmanaged.passUnretained(runs)
    sendEntry = { engine, value, key in
      engine._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Runs.self).send(value, forKey: key) }
    }
    sendAndWaitEntry = { engine, value, key throws(CancellationError) in
      try await unsafeDowncast(engine.takeUnretainedValue(), to: Runs.self)
        .sendAndWait(value, forKey: key).outcome
    }
    sendAndWaitForResultEntry = { engine, value, key in
      try await unsafeDowncast(engine.takeUnretainedValue(), to: Runs.self)
        .sendAndWait(value, forKey: key).value()
    }
    cancelEntry = { unsafeDowncast($0.takeUnretainedValue(), to: Runs.self).cancel(forKey: $1) }
    isPendingEntry = {
      unsafeDowncast($0.takeUnretainedValue(), to: Runs.self).isPending(forKey: $1)
    }
    flushEntry = {
      await unsafeDowncast($0.takeUnretainedValue(), to: Runs.self).flush(forKey: $1)
    }
  }

  @inlinable
  func send(_ value: Input, forKey key: Key) {
    sendEntry(engine, value, key)
  }

  @inlinable
  func sendAndWait(_ value: Input, forKey key: Key) async throws(CancellationError) -> SendOutcome {
    try await sendAndWaitEntry(engine, value, key)
  }

  @inlinable
  func sendAndWaitForResult(_ value: Input, forKey key: Key) async throws -> Success {
    try await sendAndWaitForResultEntry(engine, value, key)
  }

  @usableFromInline
  func cancel(forKey key: Key) {
    cancelEntry(engine, key)
  }

  @usableFromInline
  func isPending(forKey key: Key) -> Bool {
    isPendingEntry(engine, key)
  }

  func flush(forKey key: Key) async {
    await flushEntry(engine, key)
  }

  /// Only the owner holds its entry points (Settle never keeps them beyond a call of the
  /// owner's), so they go when it goes: this is the owner's release, and
  /// ``RunControls/release()`` says what it does.
  deinit {
    controls.release()
  }
}
