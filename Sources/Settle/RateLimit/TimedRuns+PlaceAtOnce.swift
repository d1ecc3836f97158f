extension TimedRuns where Machine: DispatchesAtOnce {
  /// Sends `input` only if its run is dispatched at once, and says whether it was: the fast
  /// path of `acquire()`, one critical section and no waiter, for a caller under the limit.
  /// A caller that must wait sends with ``sendAndWait(_:)`` instead, which sends and files
  /// its waiter in one critical section.
  @inlinable
  package func sendIfDispatchedAtOnce(_ input: Input) -> Bool {
    let (sent, handoverPending) = state.withLock { state -> (Bool, Bool) in
      guard state.machine.dispatchesAtOnce(at: clock.now) else { return (false, false) }
      let (_, number, dispatched) = send(input, in: &state)
      precondition(
        dispatched == number,
        "Internal inconsistency in Settle: a value the rate limiter had a place for was not dispatched"
      )
      return (true, state.takeResumeAfterUnlock())
    }
    if handoverPending { completeHandover() }
    return sent
  }
}
