/// A counter that any thread may change and read without a lock.
///
/// Built on the standard library's atomic word functions (sequentially consistent), because
/// `Synchronization.Atomic` needs iOS 18 / macOS 15, above the package's floor. Those
/// functions are compiled into the Swift runtime, outside ThreadSanitizer's view: use the
/// count for a decision only, never to publish other memory to another thread.
///
/// Not copyable: it owns its word and frees it when it goes away. Allocated rather than
/// stored inline, because a class's stored property has no stable address to hand to an
/// atomic operation.
///
/// - Complexity: O(1); one allocation when created.
@usableFromInline
package struct AtomicCount: ~Copyable, @unchecked Sendable {
  @usableFromInline let word: UnsafeMutablePointer<Int>

  /// Creates the counter at zero.
  package init() {
    word = .allocate(capacity: 1)
    word.initialize(to: 0)
  }

  deinit {
    word.deallocate()
  }

  /// The current count.
  @inlinable @inline(__always)
  package var value: Int {
    _swift_stdlib_atomicLoadInt(object: word)
  }

  /// Adds `delta` (which may be negative).
  @inlinable @inline(__always)
  package func add(_ delta: Int) {
    _ = _swift_stdlib_atomicFetchAddInt(object: word, operand: delta)
  }
}
