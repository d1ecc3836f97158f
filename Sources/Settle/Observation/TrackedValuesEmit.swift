/// The closure of a ``TrackedValues`` sequence, with the isolation it was written in.
///
/// Two cases rather than one optional closure because `@isolated(any)` closures cannot be
/// composed: `{ value() }` over an `@isolated(any)` closure is an `await`, and a
/// `TrackedValues` read must stay synchronous so that the thread-local tracking scope sees it.
/// The closures sit in enum payloads, never in a generic position, so the type builds for
/// iOS 17 / macOS 14 (see ``IsolatedAction``).
@usableFromInline
package enum TrackedValuesEmit<Element: Sendable>: Sendable {
  /// ``TrackedValues/init(_:)``: never ends on its own.
  case element(@isolated(any) @Sendable () -> Element)
  /// ``TrackedValues/untilNil(_:)``: `nil` ends the sequence.
  case untilNil(@isolated(any) @Sendable () -> Element?)

  /// Where the closure must run: the actor it was written on, or `nil` for a nonisolated one.
  @usableFromInline
  package var isolation: (any Actor)? {
    switch self {
    case .element(let value): value.isolation
    case .untilNil(let value): value.isolation
    }
  }

  /// Runs the closure synchronously, tracking its reads into the link's next scope.
  ///
  /// `isolation` must be ``isolation`` when that is not `nil`; a nonisolated closure may run
  /// on any isolation. The `isolated` parameter makes the caller hop there first (no hop when
  /// it is already there), so the closure runs where it was written, and its reads and the
  /// scope they arm happen in one synchronous stretch on one thread.
  @inlinable
  package static func read(
    _ emit: Self, into link: TrackedValuesLink, on isolation: isolated (any Actor)?
  ) -> Element? {
    var element: Element?
    link.readTracked {
      switch emit {
      case .element(let value): element = Synchronous(value).call()
      case .untilNil(let value): element = Synchronous(value).call()
      }
    }
    return element
  }

  /// Calls an `@isolated(any)` closure without `await`, once the caller is on its isolation.
  ///
  /// Swift has no safe conversion from an `@isolated(any)` function to a synchronous one. An
  /// `@isolated(any)` closure has a plain closure's layout (its isolation travels in the
  /// context), so the bit cast calls the same function; Apple's `Observations` does the same.
  /// The closure is wrapped in this struct before the cast so that its type is not a generic
  /// argument of `unsafeBitCast` (see ``IsolatedAction``).
  @usableFromInline
  struct Synchronous<Result> {
    @usableFromInline let closure: @isolated(any) @Sendable () -> Result

    @inlinable
    init(_ closure: @escaping @isolated(any) @Sendable () -> Result) {
      self.closure = closure
    }

    @inlinable
    func call() -> Result {
      unsafeBitCast(self, to: (@Sendable () -> Result).self)()
    }
  }
}
