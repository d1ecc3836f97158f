import Observation
import Settle

/// An asynchronous sequence of a closure's value: now, then again after each change to the
/// `@Observable` properties it read. The counterpart of Settle's
/// ``/Settle/TrackedValues`` for models written with Apple's Observation.
///
/// ```swift
/// import Observation
/// import SettleObservation
///
/// @MainActor @Observable final class SearchModel {
///   var query = ""
/// }
///
/// @MainActor func searchAsTheUserTypes(in model: SearchModel) async {
///   for await query in ObservedValues({ model.query }).debounced(for: .milliseconds(300)) {
///     print("search for", query)  // once typing pauses for 300 ms
///   }
/// }
/// ```
///
/// The first `next()` returns the closure's current value. Each later `next()` waits until a
/// property the closure last read changes, then returns the closure's value, read on the
/// closure's actor once the change is complete. Changes made in one synchronous stretch of
/// that actor coalesce into one element. Equal consecutive values are not filtered out.
///
/// Build the sequence with ``untilNil(_:)`` to end it when the closure returns `nil`. Either kind
/// also ends when the iterating task is cancelled: `next()` then returns `nil`, and no read starts
/// after the cancellation, even one already on its way to the closure's actor. Each iterator is
/// independent and creates no task: it suspends on a continuation that the change resumes.
///
/// ## Isolation
/// The sequence is `Sendable`, so any task may iterate it, and Settle's operators do. The
/// closure always runs on the isolation it was written in, whoever iterates: a closure written
/// in `@MainActor` code runs on the main actor. As with `Task { }`, the closure inherits the
/// actor of the code that creates the sequence.
///
/// **Change the model on the closure's actor.** Apple's public `withObservationTracking`
/// reports a change before the store (`willSet`); the read that follows is a job of its own on
/// the closure's actor, so it runs after any change made on that actor, and sees it. A model
/// changed from another thread while a nonisolated closure reads it may be read before the
/// store lands, and that change is then missed until the next one. A `@MainActor` model read
/// by a `@MainActor` closure, the usual case in an app, is always read complete.
///
/// ## Compared with `Observations`
/// Apple's `Observations` (SE-0475) is the same idea from iOS 26 and macOS 26. This sequence
/// runs from the package's floor (iOS 17, macOS 14) and on Linux. It differs in two ways:
/// - `Observations` emits after the store, at the end of the change's transaction; the
///   public `withObservationTracking` that this sequence builds on reports before the store
///   (`willSet`), hence the rule above.
/// - `Observations` ends a sequence built with `untilFinished` on `.finish`; this one, like
///   ``/Settle/TrackedValues``, ends on `nil` from ``untilNil(_:)``.
///
/// - Complexity: per element, one run of the closure and one `withObservationTracking`; when
///   the iterating task is on another actor than the closure, one hop to the closure's actor.
public struct ObservedValues<Element: Sendable>: AsyncSequence, Sendable {
  /// `next()` never throws.
  public typealias Failure = Never

  private let emit: TrackedValuesEmit<Element>

  /// Creates a sequence of `value()`'s results, which never ends on its own.
  ///
  /// - Parameter value: Run on each `next()` that has something to report, on the isolation
  ///   it was written in; its reads of `@Observable` properties decide when the next element
  ///   is due.
  public init(@_inheritActorContext _ value: @escaping @isolated(any) @Sendable () -> Element) {
    emit = TrackedValuesEmit(element: value)
  }

  /// Creates a sequence that ends the first time `value()` returns `nil`.
  ///
  /// ```swift
  /// @MainActor @Observable final class Document {
  ///   var title = "Untitled"
  ///   var isOpen = true
  /// }
  ///
  /// @MainActor func mirrorTitle(of document: Document) async {
  ///   // Ends when the document closes.
  ///   for await title in ObservedValues.untilNil({ document.isOpen ? document.title : nil }) {
  ///     print(title)
  ///   }
  /// }
  /// ```
  ///
  /// A model's release is not a change: Apple's public tracking reports none, so a sequence
  /// whose closure holds its model weakly is not woken when the model goes. End it on a
  /// property, as here, or cancel the iterating task.
  ///
  /// - Parameter value: As for ``init(_:)``; `nil` ends the sequence.
  public static func untilNil(
    @_inheritActorContext _ value: @escaping @isolated(any) @Sendable () -> Element?
  ) -> ObservedValues {
    ObservedValues(emit: TrackedValuesEmit(untilNil: value))
  }

  private init(emit: TrackedValuesEmit<Element>) {
    self.emit = emit
  }

  /// Creates an independent iterator; its first `next()` reads the closure.
  public func makeAsyncIterator() -> Iterator {
    Iterator(iteration: ValuesIteration(emit: emit, link: TrackedValuesLink()))
  }

  /// Reads the closure on demand and waits for changes to what it read.
  ///
  /// Call `next()` from one task at a time.
  public struct Iterator: AsyncIteratorProtocol {
    @usableFromInline var iteration: ValuesIteration<Element, ObservationReading>

    fileprivate init(iteration: ValuesIteration<Element, ObservationReading>) {
      self.iteration = iteration
    }

    /// Returns the next value, or `nil` when the sequence ended, for a caller with no actor.
    ///
    /// The protocol's requirement; disfavoured so that a plain `await iterator.next()` calls
    /// ``next(isolation:)`` with the caller's own isolation.
    @inlinable @_disfavoredOverload
    public mutating func next() async -> Element? {
      await iteration.nextElement(isolation: nil)
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
extension ObservedValues.Iterator: Sendable {}
