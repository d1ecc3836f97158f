/// Counts tracking callbacks.
///
/// `@unchecked Sendable` without a lock on purpose: tracking callbacks run synchronously on
/// the writing thread, which in every case is the benchmark loop's own thread, and a lock
/// here would add the same cost to both sides and blur the ratio.
final class CallCount: @unchecked Sendable {
  var value = 0

  func increment() { value += 1 }
}
