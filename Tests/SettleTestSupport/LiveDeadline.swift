import Settle
import Testing

/// A deadline in ``Watchdog``'s live time, for a wait that polls (a child process's output, a
/// thread's semaphore) and so cannot go through ``bounded(_:within:isolation:sourceLocation:_:)``.
///
/// A wall-clock deadline fails such a wait when the machine is merely busy; this one passes
/// only after `limit` of time in which the test process could have run.
///
/// ```swift
/// let deadline = LiveDeadline(after: .seconds(10), "the worker thread to finish")
/// while finished.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
///   if deadline.hasPassed { Issue.record("the worker thread never finished"); return }
/// }
/// ```
public final class LiveDeadline: Sendable {
  private let passed: LockedState<Bool>
  private let ticket: Watchdog.Ticket

  /// Starts counting `limit` of live time now; `awaited` names the wait in the watchdog's report.
  public init(
    after limit: Duration, _ awaited: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let passed = LockedState(false)
    self.passed = passed
    ticket = Watchdog.shared.schedule(
      after: limit, "\(awaited), at \(sourceLocation.fileName):\(sourceLocation.line)"
    ) { passed.withLock { $0 = true } }
  }

  deinit { Watchdog.shared.cancel(ticket) }

  /// Whether the limit has passed.
  public var hasPassed: Bool { passed.withLock { $0 } }
}
