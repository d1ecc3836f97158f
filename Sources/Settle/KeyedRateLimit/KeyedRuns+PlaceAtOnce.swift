extension KeyedStateMachine where Machine: DispatchesAtOnce {
  /// Whether a value of `key` sent at `now` would be dispatched at once; a key the machine
  /// holds nothing of asks its fresh machine.
  @inlinable
  package func dispatchesAtOnce(forKey key: Key, at now: Instant) -> Bool {
    guard !isShutDown else { return false }
    return (keys[key]?.machine ?? fresh).dispatchesAtOnce(at: now)
  }
}

extension KeyedRuns where KeyMachine: DispatchesAtOnce {
  /// ``TimedRuns/sendIfDispatchedAtOnce(_:)`` for one key: the fast path of
  /// `acquire(forKey:)`.
  @inlinable
  package func sendIfDispatchedAtOnce(_ input: Input, forKey key: Key) -> Bool {
    let (sent, replaced, completedRuns) = state.withLock { state -> (Bool, [RunTask], Bool) in
      guard state.machine.dispatchesAtOnce(forKey: key, at: clock.now) else {
        return (false, [], false)
      }
      let (replaced, number, dispatched) = send(input, forKey: key, in: &state)
      precondition(
        dispatched == number,
        "Internal inconsistency in Settle: a value the rate limiter had a place for was not dispatched"
      )
      return (true, replaced, state.takeResumeAfterUnlock())
    }
    for task in replaced { task.cancel() }
    if completedRuns { resumeAfterCompletedRuns() }
    return sent
  }
}
