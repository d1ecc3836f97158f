/// A ``PacedAction``'s way into its engine; not for use outside Settle: only Settle's owners
/// can make one, and its layout may change in any release.
///
/// The members of ``PacedAction`` are written once, in a protocol extension, yet the engine
/// they call is generic over the owner's state machine, a type the package keeps to itself.
/// The members a caller may call in a burst reach it through closures that capture nothing:
/// each takes the engine and casts it back. The owners' initialisers are `@inlinable`, so the
/// closures are made, and specialised for the owner's value and clock, in the client's
/// module, as the owners' own forwarding members were: a `send` through them costs one
/// indirect call more, and creating an owner allocates one object more. The other members go
/// through ``RunControls``.
///
/// Callers go through its methods, never the closures: each method passes the closure this
/// object's own engine, so that no closure can receive another owner's engine, and the
/// object, alive for the call, keeps that engine alive.
public final class _PacedEntryPoints<Input: Sendable, Success: Sendable>: Sendable {
  @usableFromInline
  package let controls: RunControls
  /// The engine, which ``controls`` keeps alive, for the closures below: passed unretained,
  /// so that a call through them retains nothing.
  @usableFromInline
  let engine: Unmanaged<any AnyObject & Sendable>
  @usableFromInline
  let sendEntry: @Sendable (Unmanaged<any AnyObject & Sendable>, Input) -> Void
  @usableFromInline
  let sendAndWaitEntry:
    @Sendable (Unmanaged<any AnyObject & Sendable>, Input) async throws(CancellationError) ->
      SendOutcome
  @usableFromInline
  let sendAndWaitForResultEntry:
    @Sendable (Unmanaged<any AnyObject & Sendable>, Input) async throws -> Success
  @usableFromInline
  let isPendingEntry: @Sendable (Unmanaged<any AnyObject & Sendable>) -> Bool

  /// The entry points of `runs`, for an owner whose release applies `onRelease`; see
  /// ``RunControls/init(_:ownerName:noun:onRelease:)`` for the names.
  @inlinable
  package init<Machine, C: Clock, Failure: Error>(
    _ runs: TimedRuns<Machine, C, Success, Failure>,
    ownerName: @escaping @Sendable () -> String, noun: String,
    onRelease: PendingValuePolicy
  ) where Machine.Input.Payload == Input {
    typealias Runs = TimedRuns<Machine, C, Success, Failure>
    controls = RunControls(runs, ownerName: ownerName, noun: noun, onRelease: onRelease)
    engine = Unmanaged.passUnretained(runs)
    sendEntry = { engine, value in
      engine._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Runs.self).send(value) }
    }
    sendAndWaitEntry = { engine, value throws(CancellationError) in
      try await unsafeDowncast(engine.takeUnretainedValue(), to: Runs.self).sendAndWait(value)
        .outcome
    }
    sendAndWaitForResultEntry = { engine, value in
      try await unsafeDowncast(engine.takeUnretainedValue(), to: Runs.self).sendAndWait(value)
        .value()
    }
    isPendingEntry = { unsafeDowncast($0.takeUnretainedValue(), to: Runs.self).isPending }
  }

  @inlinable
  func send(_ value: Input) {
    sendEntry(engine, value)
  }

  @inlinable
  func sendAndWait(_ value: Input) async throws(CancellationError) -> SendOutcome {
    try await sendAndWaitEntry(engine, value)
  }

  @inlinable
  func sendAndWaitForResult(_ value: Input) async throws -> Success {
    try await sendAndWaitForResultEntry(engine, value)
  }

  @usableFromInline
  var isPending: Bool { isPendingEntry(engine) }

  /// Only the owner holds its entry points (Settle never keeps them beyond a call of the
  /// owner's), so they go when it goes: this is the owner's release, and
  /// ``RunControls/release()`` says what it does.
  deinit {
    controls.release()
  }
}
