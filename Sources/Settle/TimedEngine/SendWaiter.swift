/// A `sendAndWait` caller, as ``TimedRuns`` keeps it: the input number its outcome depends on,
/// and its waiter id, under which the outcome is left for it to read when it resumes.
package struct SendWaiter: Sendable {
  /// The waiter's id in the engine's queue.
  let id: UInt64
  /// The number of the input the caller sent (see ``Numbered``).
  let input: UInt64
}
