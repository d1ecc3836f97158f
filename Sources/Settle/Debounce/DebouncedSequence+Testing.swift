extension DebouncedSequence.Iterator {
  /// For tests: the engine this iterator's elements pass through. Its pump waits on it when
  /// the base finishes; tests wait on it too, several tasks at once, as a ``Debouncer``'s
  /// callers wait on theirs.
  package var engine: TimedRuns<LatestDebounceMachine<Base.Element, C.Instant>, C> {
    owner.storage.runs
  }
}
