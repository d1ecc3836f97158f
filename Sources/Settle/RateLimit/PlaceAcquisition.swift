/// What ``RateLimiting/acquire()`` and ``KeyedRateLimiting/acquire(forKey:)`` do, written once:
/// check that the limiter has no action, take no place for a caller already cancelled, take a
/// place at once under the limit, or else wait in the queue for one.
///
/// - Parameters:
///   - madeWithoutAction: Whether the limiter was made without an action, as acquiring needs.
///   - owner: The limiter's name in the message: "RateLimiter".
///   - member: The member called, in the message: "acquire()".
///   - sendAndWait: The member to use instead, in the message: "sendAndWait(_:)".
///   - takeAtOnce: Takes a place if one is free now, in one critical section, and says
///     whether it did.
///   - waitInQueue: Queues the caller and waits for its place.
/// - Throws: `CancellationError` when the caller is cancelled, or its place was dropped first.
@inlinable
package func acquirePlace(
  madeWithoutAction: Bool, owner: String, member: String, sendAndWait: String,
  takeAtOnce: () -> Bool,
  waitInQueue: () async throws(CancellationError) -> SendOutcome
) async throws(CancellationError) {
  precondition(
    madeWithoutAction,
    "\(owner).\(member) was called on a rate limiter made with an action: the caller's work would overlap the action's runs, which take places from the same window. Make a separate \(owner)(limit:per:) without an action for \(member), or pass the value to this one with \(sendAndWait)."
  )
  // A cancelled caller takes no place it would leave unused.
  if Task.isCancelled { throw CancellationError() }
  if takeAtOnce() { return }
  guard try await waitInQueue() == .ran else { throw CancellationError() }
}
