import SettleTesting

/// Forwards a base sequence and records each call its consumer makes to `next()`, so a test can
/// wait until an operator has taken an element in: the operator asks for the next element only
/// once it has handled the one before.
public struct PullCounted<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
  /// The base's element.
  public typealias Element = Base.Element

  let base: Base
  let pulls: ValueRecorder<Void>

  /// Forwards `base`, recording one value in `pulls` per call to `next()`.
  public init(base: Base, pulls: ValueRecorder<Void>) {
    self.base = base
    self.pulls = pulls
  }

  /// An iterator over the base that records each pull before it forwards it.
  public func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), pulls: pulls)
  }

  /// Records a pull, then asks the base.
  public struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let pulls: ValueRecorder<Void>

    /// Records the pull, then returns the base's next element.
    public mutating func next() async throws -> Base.Element? {
      pulls.record(())
      return try await base.next()
    }
  }
}
