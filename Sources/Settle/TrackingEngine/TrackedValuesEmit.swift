/// The closure of a ``TrackedValues`` sequence: its isolation, and the closure itself with that
/// isolation erased so that it can be called synchronously once the caller is there.
///
/// Why erased on arrival rather than stored as `@isolated(any)`:
/// - A `TrackedValues` read must stay synchronous, so that the thread-local tracking scope sees
///   the closure's reads, and an `@isolated(any)` closure can only be called with `await`.
/// - No stored field has an `@isolated(any)` type. Before iOS 18 / macOS 15 the runtime cannot
///   build such a type's metadata, and reflection asks for it: `print`, `dump`, `Mirror`, the
///   debugger and SwiftUI's comparison of a view's stored properties would crash on a value
///   that held one. The closures below are plain `@Sendable` function types.
@usableFromInline
package struct TrackedValuesEmit<Element: Sendable>: Sendable {
  /// Where the closure must run: the actor it was written on, or `nil` for a nonisolated one.
  @usableFromInline
  package let isolation: (any Actor)?
  /// The closure, callable only on ``isolation`` (or anywhere when that is `nil`); `nil` from
  /// it ends the sequence.
  @usableFromInline
  package let readOnIsolation: @Sendable () -> Element?

  /// ``TrackedValues/init(_:)``: never ends on its own.
  package init(element value: @escaping @isolated(any) @Sendable () -> Element) {
    isolation = value.isolation
    let read = Synchronous(value).erased
    readOnIsolation = { read() }
  }

  /// ``TrackedValues/untilNil(_:)``: `nil` ends the sequence.
  package init(untilNil value: @escaping @isolated(any) @Sendable () -> Element?) {
    isolation = value.isolation
    readOnIsolation = Synchronous(value).erased
  }

  /// Turns an `@isolated(any)` closure into a plain one that must be called on its isolation.
  ///
  /// Swift has no safe conversion from an `@isolated(any)` function to a synchronous one. A
  /// synchronous `@isolated(any)` closure without parameters has a plain closure's layout and
  /// calling convention, so the bit cast calls the same function; Apple's `Observations` does
  /// the same, for the same closure shape. (An `async` one does not: it receives its isolation
  /// as an argument, which is why ``IsolatedAction`` keeps its closure unerased.) The closure is wrapped in this struct for the cast, so that
  /// its type is not a generic argument of `unsafeBitCast` (see ``IsolatedAction``); the
  /// wrapper only lives for the cast.
  struct Synchronous<Result> {
    let closure: @isolated(any) @Sendable () -> Result

    init(_ closure: @escaping @isolated(any) @Sendable () -> Result) {
      self.closure = closure
    }

    var erased: @Sendable () -> Result {
      unsafeBitCast(self, to: (@Sendable () -> Result).self)
    }
  }
}
