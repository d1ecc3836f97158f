/// What a ``PacedSequenceIterator`` holds: its sequence's storage, with the state machine's
/// type erased so that one iterator type serves every operator. It ends the storage's
/// background work when the iterator is dropped; iterators are structs, so that `deinit` has
/// to live in a class they hold.
///
/// `next()` goes through a closure made in ``TimedSequenceRecipe/makeAsyncIterator()``, which
/// is `@inlinable`: the closure, and the storage's `next()` it calls, are specialised in the
/// caller's module for its base, fold and clock, at the price of one indirect call an
/// element. `terminate()` runs once, so it goes through an existential.
@usableFromInline
package final class TimedSequenceOwner<Element: Sendable>: Sendable {
  @usableFromInline
  let storage: any TerminableSequenceStorage
  @usableFromInline
  let nextEntry: @Sendable () async throws -> Element?

  @inlinable
  package init(
    storage: any TerminableSequenceStorage,
    next: @escaping @Sendable () async throws -> Element?
  ) {
    self.storage = storage
    nextEntry = next
  }

  @inlinable
  func next() async throws -> Element? {
    try await nextEntry()
  }

  deinit {
    storage.terminate()
  }
}

/// A sequence's storage as its iterator's owner sees it: only what ends its work.
@usableFromInline
package protocol TerminableSequenceStorage: AnyObject, Sendable {
  /// Ends everything: the consumer gets `nil`, the pump and pending runs are cancelled.
  func terminate()
}

extension TimedSequenceStorage: TerminableSequenceStorage {}
