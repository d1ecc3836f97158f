/// What a ``DebounceControl`` needs of the debouncer it is attached to, whatever its value
/// and clock.
package protocol ControllableDebounce: Sendable {
  /// Dispatches the pending value without waiting for it.
  func startFlush()
  /// Drops the pending value and cancels a running action.
  func cancel()
  /// Whether a value waits to run.
  var isPending: Bool { get }
}
