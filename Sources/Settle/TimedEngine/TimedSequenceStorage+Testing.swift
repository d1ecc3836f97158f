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

/// For tests: the iterators of ``DebouncingSequence`` and ``ThrottlingSequence``, and what a
/// test reads through them, written once for both.
package protocol TimedSequenceIterator: AsyncIteratorProtocol {
  associatedtype Base: AsyncSequence & Sendable where Base.Element: Sendable
  associatedtype Machine: TimedStateMachine
  where
    Machine.Input: NumberedPayload, Machine.Value: NumberedPayload,
    Machine.Input.Payload == Base.Element, Machine.Instant == TimedClock.Instant
  associatedtype TimedClock: Clock

  /// What ends the sequence's work when the iterator is dropped, and holds its engine.
  var owner: TimedSequenceOwner<Base, Machine, TimedClock> { get }
}

extension TimedSequenceIterator {
  /// The storage behind this iterator.
  package var storage: TimedSequenceStorage<Base, Machine, TimedClock> { owner.storage }

  /// The engine this iterator's elements pass through. Its pump waits on it when the base
  /// finishes; tests wait on it too, several tasks at once, as a ``Debouncer``'s callers wait
  /// on theirs.
  package var engine: TimedRuns<Machine, TimedClock, Void, Never> { owner.storage.runs }

  /// Returns once the base has ended and what its end causes at once has happened (see
  /// ``TimedSequenceStorage/waitUntilInputEnded()``); a replay waits for it. Delivery needs no
  /// such hook: the operators catch up with the clock at every event (see
  /// ``TimedRuns/Handover``).
  package var inputEnded: @Sendable () async -> Void { owner.storage.waitUntilInputEnded }
}

extension DebouncingSequence.Iterator: TimedSequenceIterator {}
extension ThrottlingSequence.Iterator: TimedSequenceIterator {}
