/// What every engine offers its owner, keyed or not: the members of ``PacedAction`` and
/// ``KeyedPacedAction`` that take no value and need no specialising, since they run at most
/// once per call of the owner's.
@usableFromInline
package protocol RunControlled: AnyObject, Sendable {
  func cancel()
  func waitUntilIdle() async
  func waitForCallers(count: Int) async
  /// The owner is gone, with ``PendingValuePolicy/cancelPending``: cancels everything.
  func shutDown()
  /// The owner is gone, with ``PendingValuePolicy/runPending``: runs what is pending.
  func shutDownRunningPending()
  func flush() async
  /// Whether the calling task is running the engine's action.
  var isRunningAction: Bool { get }
}

extension PacedRuns: RunControlled {}

/// An owner's engine, for the members that take no value, and how messages name the owner;
/// shared by ``_PacedEntryPoints`` and ``_KeyedPacedEntryPoints``.
@usableFromInline
package struct RunControls: Sendable {
  @usableFromInline
  let engine: any RunControlled
  /// The owner's name in messages: a closure, so that only a message builds it.
  @usableFromInline
  let ownerName: @Sendable () -> String
  /// What the owner is, in messages: "debouncer".
  @usableFromInline
  let noun: String
  /// What the owner's release does with a pending value.
  @usableFromInline
  let onRelease: PendingValuePolicy

  /// The controls of `engine`, for an owner that `ownerName` names in messages and `noun`
  /// describes ("debouncer"), and whose release applies `onRelease`. Pass a closure literal
  /// that captures nothing as `ownerName`, so that making it allocates nothing.
  @inlinable
  package init(
    _ engine: any RunControlled, ownerName: @escaping @Sendable () -> String, noun: String,
    onRelease: PendingValuePolicy
  ) {
    self.engine = engine
    self.ownerName = ownerName
    self.noun = noun
    self.onRelease = onRelease
  }

  /// The owner is gone: its engine applies ``onRelease``, and drops what is sent afterwards.
  /// The entry points call it from their `deinit`: only their owner holds them, so they go
  /// when it goes, and no owner has to remember a `deinit` of its own.
  package func release() {
    switch onRelease {
    case .cancelPending: engine.shutDown()
    case .runPending: engine.shutDownRunningPending()
    }
  }

  package func cancel() {
    engine.cancel()
  }

  /// - Precondition: Not called from inside the owner's own action, which it would wait for
  ///   for ever.
  package func waitUntilIdle() async {
    preconditionNotWaitingFromInsideTheAction(
      engine.isRunningAction, ownerName(), noun)
    await engine.waitUntilIdle()
  }

  /// Runs what is pending now and waits for it; see the owners' ``Flushable`` members.
  package func flush() async {
    await engine.flush()
  }

  package func waitForCallers(count: Int) async {
    await engine.waitForCallers(count: count)
  }

  /// The engine, as the type the owner made it with: for ``TimedRunsOwner/runs``,
  /// ``KeyedRunsOwner/runs``, and an owner's own `@inlinable` members, which name that type
  /// without going through a package protocol that another package's code cannot specialise.
  /// Debug builds check the type; see ``TimedRunsOwner``.
  @inlinable
  package func engine<Runs: AnyObject>(as type: Runs.Type) -> Runs {
    unsafeDowncast(engine, to: type)
  }
}
