/// The one key of a ``SoleKeyMachine``: an unkeyed owner is the single-key case of the engine.
@usableFromInline
package struct SoleKey: Hashable, Sendable {
  @inlinable
  package init() {}
}
