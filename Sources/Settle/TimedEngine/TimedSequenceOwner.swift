/// What a ``PacedSequenceIterator`` holds: its sequence's storage, seen through two closures
/// so that one iterator type serves every operator, whatever its state machine. It ends the
/// storage's background work when the iterator is dropped; iterators are structs, so that
/// `deinit` has to live in a class they hold.
///
/// The closures are made in ``TimedSequenceRecipe/makeAsyncIteratorAndStorage()``, which is
/// `@inlinable`: they, and the storage's `next()` they call, are specialised in the caller's
/// module for its base, fold and clock, at the price of one indirect call an element.
@usableFromInline
package final class TimedSequenceOwner<Element: Sendable>: Sendable {
  @usableFromInline
  let nextEntry: @Sendable () async throws -> Element?
  @usableFromInline
  let terminate: @Sendable () -> Void

  @inlinable
  package init(
    next: @escaping @Sendable () async throws -> Element?,
    terminate: @escaping @Sendable () -> Void
  ) {
    nextEntry = next
    self.terminate = terminate
  }

  /// A method, not the closure itself, because the iterator's `rethrows` `next()` may call a
  /// throwing method but not a throwing stored closure.
  @inlinable
  func next() async throws -> Element? {
    try await nextEntry()
  }

  deinit {
    terminate()
  }
}
