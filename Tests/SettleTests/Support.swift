import Settle

/// A counter safe to touch from concurrent actions; returns the new value.
final class LockedCounter: Sendable {
  private let value = LockedState(0)

  @discardableResult
  func increment() -> Int {
    value.withLock {
      $0 += 1
      return $0
    }
  }

  func decrement() { value.withLock { $0 -= 1 } }

  var current: Int { value.withLock { $0 } }
}

/// Mutable test state owned by the main actor, shared with `@MainActor` actions.
@MainActor final class MainBox<Value> {
  var value: Value

  init(_ value: Value) { self.value = value }
}
