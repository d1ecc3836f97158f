import SettleTesting

/// Forwards a base sequence and records each call its consumer makes to `next()`, so a test can
/// wait until an operator has taken an element in: the operator asks for the next element only
/// once it has handled the one before.
struct PullCounted<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable
where Base.Element: Sendable {
  typealias Element = Base.Element

  let base: Base
  let pulls: ValueRecorder<Void>

  func makeAsyncIterator() -> Iterator {
    Iterator(base: base.makeAsyncIterator(), pulls: pulls)
  }

  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let pulls: ValueRecorder<Void>

    mutating func next() async throws -> Base.Element? {
      pulls.record(())
      return try await base.next()
    }
  }
}
