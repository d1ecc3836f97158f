/// Thrown to a caller waiting for a run's result when no run will cover its value: the
/// ``SendOutcome/dropped`` outcome of `sendAndWaitForResult`.
///
/// A value is dropped by a `cancel()` before its run started, by a release that drops pending
/// values, or by the owner's rules (a value inside a burst with `leading: true, trailing:
/// false`, a value a throttler's window does not keep). It is never thrown for a value whose
/// run started, even when that run was cancelled while it ran: that caller gets what the run
/// returned or threw.
///
/// ```swift
/// let search = Debouncing(for: .milliseconds(300)) { (query: String) in
///   query.uppercased()
/// }
/// Task { search.cancel() }
/// do {
///   print(try await search.sendAndWaitForResult("dune"))
/// } catch is DroppedValueError {
///   print("cancelled before it ran")
/// }
/// ```
public struct DroppedValueError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The error every dropped caller receives; it carries nothing, since the caller knows its
  /// own value.
  public init() {}

  /// Says that no run covers the value.
  public var description: String {
    "DroppedValueError: the value was dropped (cancelled, released or left out by the owner's rules) before a run covered it"
  }
}
