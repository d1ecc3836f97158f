/// An asynchronous sequence of a closure's value: now, then again after each change to the
/// tracked properties it read.
///
/// ```swift
/// @MainActor final class LibraryStore: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var books: [String] = []
///   @Tracked var borrowedCount = 0
/// }
///
/// let store = LibraryStore()
/// for await count in TrackedValues({ store.borrowedCount }) {
///   print("\(count) borrowed")  // 0 now, then the count after each change
/// }
/// ```
///
/// The first `next()` returns the closure's current value. Each later `next()` waits until a
/// property the closure last read changes, then returns the closure's value read after the
/// store. Writes made synchronously between two suspension points of the iterating task's
/// actor coalesce into one element: the closure runs when the iterator resumes, not once per
/// write. Equal consecutive values are not filtered out.
///
/// Build the sequence with ``untilNil(_:)`` to end it when the closure returns `nil`, for
/// example when a weakly held model is gone. Either kind also ends when every object the
/// closure read has been released (nothing could change any more), and when the iterating task
/// is cancelled: `next()` then returns `nil`.
///
/// Each iterator is independent: it runs the closure for itself, and two iterators over one
/// sequence never share or duplicate elements. No task is created; the iterator suspends on a
/// continuation that the writing thread resumes. The closure runs in the iterating task's
/// isolation (the actor passed to `next(isolation:)`), so it may read actor-isolated state.
///
/// - Complexity: per element, one run of the closure and one tracking scope.
public struct TrackedValues<Element: Sendable>: AsyncSequence {
  /// `next()` never throws.
  public typealias Failure = Never

  private let value: () -> Element?

  /// Creates a sequence of `value()`'s results, which never ends on its own while the
  /// objects it reads are alive.
  ///
  /// - Parameter value: Run on each `next()` that has something to report; its tracked reads
  ///   decide when the next element is due.
  public init(_ value: @escaping () -> Element) {
    self.value = { value() }
  }

  /// Creates a sequence that ends the first time `value()` returns `nil`.
  ///
  /// ```swift
  /// @MainActor final class LibraryStore: TrackedObject {
  ///   let observationRegistry = ObservationRegistry()
  ///   @Tracked var books: [String] = []
  ///   @Tracked var borrowedCount = 0
  /// }
  ///
  /// var store: LibraryStore? = LibraryStore()
  /// let counts = TrackedValues.untilNil { [weak store] in store?.borrowedCount }
  /// for await count in counts {
  ///   print(count)  // 0
  ///   store = nil   // the model is gone: the closure returns nil, and the loop ends
  /// }
  /// ```
  ///
  /// A static function rather than an initialiser, so that a trailing closure never leaves
  /// the compiler choosing between the two kinds.
  public static func untilNil(_ value: @escaping () -> Element?) -> TrackedValues {
    TrackedValues(optional: value)
  }

  private init(optional value: @escaping () -> Element?) {
    self.value = value
  }

  /// Creates an independent iterator; its first `next()` reads the closure.
  public func makeAsyncIterator() -> Iterator {
    Iterator(value: value)
  }

  /// Reads the closure on demand and waits for changes to what it read.
  ///
  /// Call `next()` from one task at a time.
  public struct Iterator: AsyncIteratorProtocol {
    // Internal and usable from inlinable code: `next` is specialised for the element type in
    // the client, because unspecialised it spent much of an element on generic metadata
    // look-ups.
    @usableFromInline let value: () -> Element?
    @usableFromInline let link = TrackedValuesLink()
    @usableFromInline var started = false
    @usableFromInline var finished = false

    fileprivate init(value: @escaping () -> Element?) {
      self.value = value
    }

    /// Returns the next value, or `nil` when the sequence ended.
    @inlinable
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }

    /// Returns the next value, running the closure in `actor`'s isolation, or `nil` when the
    /// sequence ended.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      guard !finished else { return nil }
      if started {
        // A change reported since the last element needs no continuation and no cancellation
        // handler: only an iterator with nothing to report suspends.
        var wake = link.takeReadyWake()
        if wake == nil { wake = await link.nextChange(isolation: actor) }
        if wake == .ended {
          finished = true
          link.cancel()
          return nil
        }
      }
      started = true
      guard !Task.isCancelled, let element = link.read(value) else {
        finished = true
        link.cancel()
        return nil
      }
      return element
    }
  }
}

@available(*, unavailable)
extension TrackedValues: Sendable {}

@available(*, unavailable)
extension TrackedValues.Iterator: Sendable {}
