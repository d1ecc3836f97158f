extension TimedSequenceStorage {
  /// For tests: returns once the base has ended and the pump has done what the end causes at
  /// once (a debounce's flush, a failure's cancel), so that a test can check what did not
  /// happen yet, such as a throttled element still waiting for its window.
  package func waitUntilInputEnded() async {
    await output.wait(in: \.inputEndWaiters, for: ()) { $0.inputEnded }
  }

  /// For tests: runs dispatched so far (see ``TimedRuns/dispatchedRunCount``).
  package var dispatchedRunCount: UInt64 { runs.dispatchedRunCount }
}

extension DebouncedSequence.Iterator {
  /// For tests: the engine behind this iterator.
  package var storage: TimedSequenceStorage<Base, LatestDebounceMachine<Base.Element, C.Instant>, C>
  {
    owner.storage
  }
}

extension ThrottledSequence.Iterator {
  /// For tests: the engine behind this iterator.
  package var storage: TimedSequenceStorage<Base, LatestThrottleMachine<Base.Element, C.Instant>, C>
  {
    owner.storage
  }

  /// For tests: the engine this iterator's elements pass through, as
  /// ``DebouncedSequence/Iterator/engine`` is for a debounce.
  package var engine: TimedRuns<LatestThrottleMachine<Base.Element, C.Instant>, C> {
    owner.storage.runs
  }
}

/// For tests: the iterators of ``DebouncedSequence`` and ``ThrottledSequence``, whose base's
/// end a replay waits for. Delivery needs no such hook: the operators catch up with the clock
/// at every event (see ``TimedRuns/Handover``).
package protocol TimedSequenceIterator: AsyncIteratorProtocol {
  /// Returns once the base has ended and what its end causes at once has happened (see
  /// ``TimedSequenceStorage/waitUntilInputEnded()``).
  var inputEnded: @Sendable () async -> Void { get }
}

extension DebouncedSequence.Iterator: TimedSequenceIterator {
  package var inputEnded: @Sendable () async -> Void { storage.waitUntilInputEnded }
}

extension ThrottledSequence.Iterator: TimedSequenceIterator {
  package var inputEnded: @Sendable () async -> Void { storage.waitUntilInputEnded }
}
