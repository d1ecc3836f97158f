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
/// store. Writes made synchronously between two suspension points of the closure's actor
/// coalesce into one element (see Isolation below): the closure runs when the iterator
/// resumes, not once per write. Equal consecutive values are not filtered out.
///
/// Build the sequence with ``untilNil(_:)`` to end it when the closure returns `nil`, for
/// example when a weakly held model is gone. Either kind also ends when every object the
/// closure read has been released (nothing could change any more), and when the iterating task
/// is cancelled: `next()` then returns `nil`.
///
/// Each iterator is independent: it runs the closure for itself, and two iterators over one
/// sequence never share or duplicate elements. No task is created; the iterator suspends on a
/// continuation that the writing thread resumes.
///
/// ## Isolation
/// The sequence is `Sendable`, so any task may iterate it, and Settle's own operators do
/// (``_Concurrency/AsyncSequence/debounced(for:tolerance:options:buffering:clock:)`` consumes its base from a task
/// of its own). The closure always runs on the isolation it was written in, whoever iterates:
/// a closure written in `@MainActor` code runs on the main actor and may read main-actor
/// state; a nonisolated closure (over a `Sendable` model) runs wherever the iterator runs. As
/// with `Task { }`, the closure inherits the actor of the code that creates the sequence.
/// Coalescing is relative to that actor; a nonisolated closure over a model written from other
/// threads may read in the middle of a burst. Below iOS 18 / macOS 15 a `for await` loop calls
/// the plain ``Iterator/next()``, which waits off any actor; the closure still runs on its own.
///
/// ```swift
/// @MainActor final class SearchField: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var text = ""
/// }
///
/// @MainActor func searchAsTheUserTypes(in field: SearchField) async {
///   // The closure reads `field.text` on the main actor; `debounced` iterates from its task.
///   for await query in TrackedValues({ field.text }).debounced(for: .milliseconds(300)) {
///     print(await Catalog.search(query))  // once typing pauses for 300 ms
///   }
/// }
/// ```
///
/// - Complexity: per element, one run of the closure and one tracking scope; when the
///   iterating task is on another actor than the closure, one hop to the closure's actor.
public struct TrackedValues<Element: Sendable>: AsyncSequence, Sendable {
  /// `next()` never throws.
  public typealias Failure = Never

  private let emit: TrackedValuesEmit<Element>

  /// Creates a sequence of `value()`'s results, which never ends on its own while the
  /// objects it reads are alive.
  ///
  /// - Parameter value: Run on each `next()` that has something to report, on the isolation
  ///   it was written in; its tracked reads decide when the next element is due.
  public init(@_inheritActorContext _ value: @escaping @isolated(any) @Sendable () -> Element) {
    emit = TrackedValuesEmit(element: value)
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
  public static func untilNil(
    @_inheritActorContext _ value: @escaping @isolated(any) @Sendable () -> Element?
  ) -> TrackedValues {
    TrackedValues(emit: TrackedValuesEmit(untilNil: value))
  }

  private init(emit: TrackedValuesEmit<Element>) {
    self.emit = emit
  }

  /// Creates an independent iterator; its first `next()` reads the closure.
  public func makeAsyncIterator() -> Iterator {
    Iterator(emit: emit)
  }

  /// Reads the closure on demand and waits for changes to what it read.
  ///
  /// Call `next()` from one task at a time.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var iteration: ValuesIteration<Element, RegistryReading>

    fileprivate init(emit: TrackedValuesEmit<Element>) {
      iteration = ValuesIteration(emit: emit, link: TrackedValuesLink())
    }

    /// Returns the next value, or `nil` when the sequence ended, for a caller with no actor.
    ///
    /// The protocol's requirement; disfavoured so that a plain `await iterator.next()` calls
    /// ``next(isolation:)`` with the caller's own isolation, as Apple's `Observations` does,
    /// and compiles in main-actor code.
    @inlinable @_disfavoredOverload
    public mutating func next() async -> Element? {
      await next(isolation: nil)
    }

    /// Returns the next value, or `nil` when the sequence ended; waits on `actor`, the
    /// caller's isolation by default, and runs the closure on its own isolation.
    @inlinable
    public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async -> Element?
    {
      await iteration.nextElement(isolation: actor)
    }
  }
}

@available(*, unavailable)
extension TrackedValues.Iterator: Sendable {}
