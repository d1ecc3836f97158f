#if SETTLE_MUTANTS
  #if canImport(Glibc)
    import Glibc
  #elseif canImport(Musl)
    import Musl
  #elseif canImport(Darwin)
    import Darwin
  #endif
#endif

/// Faults planted on purpose, so that tests can show their checks catch each one.
///
/// Compiled in only with `-D SETTLE_MUTANTS` (the mutant build that `.ci/run` makes on its own
/// scratch path); in every other build ``isSeeded(_:)`` is the constant `false`, and the
/// optimiser removes the faulty branches, so the library pays nothing for them.
@usableFromInline
package enum SeededFault: Sendable, CaseIterable {
  /// Continuous tracking arms its next scope as of when the call returns, not as of its reads,
  /// as if it re-armed after the callback: a write between a read and the arming is lost.
  case rearmAfterCallback
  /// A scope calls back without taking its one-shot claim: a scope fired by two writes calls
  /// twice, and continuous tracking arms two scopes.
  case missingClaim
  /// Continuous tracking's scopes hold the tracker strongly: a model the closure captures keeps
  /// itself alive through its registry after the token is gone.
  case strongCapture
  /// A run claims without checking that a `cancel()` voided its ticket: a value cancelled
  /// before its run claimed still starts. Only an interleaving shows it: the claim must come
  /// between the cancel and the run task's own cancellation check.
  case claimIgnoresCancel
  /// A timer task that wakes is not checked against the machine's current timer generation:
  /// a timer replaced by `cancel()` and a new send acts as the new one.
  case timerGenerationUnchecked
  /// The 0.5.0 `TaskTrigger` reset: any run that returns resets the request, even a run that
  /// a newer trigger superseded, which clobbers the newer run's state.
  case triggerResetsOnAnyCompletion
  /// A write's `didSet` fires only after-store scopes: a before-store scope that read the
  /// property during the write and armed before its `didSet` is never told.
  case lateArrivalLost
  /// A run's task does not wait for the previous run's task before it claims, and the ledger's
  /// ordering checks, which would stop the process, are skipped: two actions can overlap.
  case overlappingRuns
  /// `waitUntilIdle()` returns at once while a run is in flight, as if it were idle: it can
  /// return while an action still runs.
  case idleWaitersResumedEarly
  /// A sequence operator's events no longer catch its timer up with the clock: a value whose
  /// deadline an `advance` passed is superseded by the next element whenever that element
  /// reaches the engine before the timer task runs (the race of 0.x's `debounced`).
  case sequenceTimerNotCaughtUp
  /// A fold's first value after a run is not reduced into the new accumulation: a
  /// `FoldingDebouncer` or `FoldingThrottler` run misses the first value sent since the
  /// previous run.
  case foldDropsFirstValue
  /// `flush(forKey:)` of a `KeyedDebouncer` also empties the other keys' pending values, as a
  /// flush of every key that forgot to run what it took: one key's flush loses another's value.
  case keyedFlushTouchesOtherKeys
  /// A sequence operator's `.newest` buffer keeps the oldest element that became due while
  /// the consumer was busy, not the newest: a slow consumer gets a stale element.
  case newestKeepsOldest
  /// A values iterator's wait stores its waiter when a change is already there, instead of
  /// answering with it: the iterator sleeps through a write it has not read.
  case waitSleepsThroughAChange
  /// A values iterator's end forgets the waiter it should resume: a suspended iterator never
  /// learns that its task was cancelled.
  case endForgetsTheWaiter
  /// A returning run settles every waiting caller with its result, not only those whose
  /// values it covered: a caller whose value runs later gets an earlier run's result.
  case resultSettlesLaterCallers
  /// A place in a rate limiter's window frees up half an interval after its run was
  /// dispatched, not a whole one: twice the limit can run within one interval.
  case ratePlacesFreeEarly
  /// A rate limiter's place stays where its run was dispatched instead of moving to when the
  /// run starts: after a run that starts late, the next can start within less than an
  /// interval of it.
  case rateWindowCountsFromDispatch

  #if SETTLE_MUTANTS
    /// The fault switched on, if any; set by the mutant tests, which run serialised, or for
    /// a whole run by `SETTLE_SEEDED_FAULT=<case>`, to see whether other suites catch it.
    @usableFromInline
    nonisolated(unsafe) package static var active: SeededFault? = {
      guard let name = getenv("SETTLE_SEEDED_FAULT").map({ String(cString: $0) }) else {
        return nil
      }
      guard let fault = allCases.first(where: { "\($0)" == name }) else {
        fatalError("SETTLE_SEEDED_FAULT=\(name) names no seeded fault; use one of \(allCases)")
      }
      return fault
    }()
  #endif

  /// Whether `fault` is switched on. Inlinable, so that `@inlinable` code that asks stays
  /// free of it in a normal build, where the answer is the constant `false`.
  @inlinable
  package static func isSeeded(_ fault: SeededFault) -> Bool {
    #if SETTLE_MUTANTS
      return active == fault
    #else
      return false
    #endif
  }
}
