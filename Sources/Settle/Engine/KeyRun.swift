/// Part of a table's action: start a run of `key` (see ``StartRun``; tickets count per key).
@usableFromInline
package struct KeyRun<Key: Sendable, Value: Sendable>: Sendable {
  /// The key whose run this is.
  @usableFromInline
  package let key: Key
  /// The run, and the runs of the same key it supersedes.
  @usableFromInline
  package let run: StartRun<Value>

  @inlinable
  package init(key: Key, run: StartRun<Value>) {
    self.key = key
    self.run = run
  }
}
