extension TimedSequenceStorage {
  /// For tests: returns once the base has ended and the pump has done what the end causes at
  /// once (a debounce's flush, a failure's cancel), so that a test can check what did not
  /// happen yet, such as a throttled element still waiting for its window.
  package func waitUntilInputEnded() async {
    await output.wait(in: \.inputEndWaiters, for: ()) { $0.inputEnded }
  }

  /// For tests: runs dispatched so far (see ``PacedRuns/dispatchedRunCount``).
  package var dispatchedRunCount: UInt64 { runs.dispatchedRunCount }
}

/// For tests: ``DebouncingSequence`` and ``ThrottlingSequence``, whose recipe a test asks for
/// an iterator together with the storage it reads
/// (``TimedSequenceRecipe/makeAsyncIteratorAndStorage()``), for any operator alike.
package protocol TimedSequence: AsyncSequence {
  associatedtype Base: AsyncSequence & Sendable where Base.Element: Sendable
  associatedtype Machine: TimedStateMachine
  where
    Machine.Input: NumberedPayload, Machine.Value: NumberedPayload,
    Machine.Input.Payload == Base.Element, Machine.Instant == TimedClock.Instant
  associatedtype TimedClock: Clock

  var recipe: TimedSequenceRecipe<Base, Machine, TimedClock> { get }
}

extension TimedSequenceStorage {
  /// The engine this storage's elements pass through. Its pump waits on it when the base
  /// finishes; tests wait on it too, several tasks at once, as a ``Debouncer``'s callers wait
  /// on theirs.
  package var engine: TimedRuns<Machine, C, Void, Never> { runs }
}

extension DebouncingSequence: TimedSequence {
  package typealias TimedClock = C
}
extension ThrottlingSequence: TimedSequence {
  package typealias TimedClock = C
}
