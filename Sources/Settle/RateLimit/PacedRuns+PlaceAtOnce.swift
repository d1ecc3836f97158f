extension PacedRuns where Table: PlacesAtOnce {
  /// Sends `input` for `key` only if its run is dispatched at once, and says whether it was:
  /// the fast path of `acquire()`, one critical section and no waiter, for a caller under the
  /// limit. A caller that must wait sends with ``sendAndWait(_:forKey:)`` instead, which sends
  /// and files its waiter in one critical section.
  @inlinable
  package func sendIfDispatchedAtOnce(_ input: Input, forKey key: Key) -> Bool {
    let (sent, replaced, resume) = state.withLock { state -> (Bool, [RunTask], Bool) in
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
    if resume { resumeDeferred() }
    return sent
  }
}

extension PacedRuns where Table: PlacesAtOnce, Table.Key == SoleKey {
  /// ``sendIfDispatchedAtOnce(_:forKey:)`` for the one key.
  @inlinable
  package func sendIfDispatchedAtOnce(_ input: Input) -> Bool {
    sendIfDispatchedAtOnce(input, forKey: SoleKey())
  }
}
