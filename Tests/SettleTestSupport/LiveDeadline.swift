import Settle
import Testing

/// A deadline in ``Watchdog``'s live time, for a wait that polls (a child process's output, a
/// thread's semaphore) and so cannot go through ``bounded(_:within:isolation:sourceLocation:_:)``.
///
/// A wall-clock deadline fails such a wait when the machine is merely busy; this one passes
/// only after `limit` of time in which the test process could have run.
///
/// ```swift
/// let deadline = LiveDeadline(after: .seconds(10), "tile-counter to exit")
/// while process.isRunning {
///   if deadline.hasPassed { Issue.record("tile-counter did not exit"); return }
///   try await Task.sleep(for: .milliseconds(10))
/// }
/// ```
public final class LiveDeadline: Sendable {
  private let passed = LockedState(false)
  private let ticket = LockedState<Watchdog.Ticket?>(nil)

  /// Starts counting `limit` of live time now; `awaited` names the wait in the watchdog's report.
  public init(
    after limit: Duration, _ awaited: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let ticket = Watchdog.shared.schedule(
      after: limit, "\(awaited), at \(sourceLocation.fileName):\(sourceLocation.line)"
    ) { [passed] in passed.withLock { $0 = true } }
    self.ticket.withLock { $0 = ticket }
  }

  deinit {
    if let ticket = ticket.withLock({ $0 }) { Watchdog.shared.cancel(ticket) }
  }

  /// Whether the limit has passed.
  public var hasPassed: Bool { passed.withLock { $0 } }
}
