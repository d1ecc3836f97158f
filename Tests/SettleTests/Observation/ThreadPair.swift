import Dispatch
import Foundation
import SettleTestSupport
import Testing

/// Two long-lived threads released together, round after round, so that tests can race two
/// operations thousands of times without spinning or creating threads per round.
final class ThreadPair: @unchecked Sendable {
  private let start = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
  private let done = DispatchSemaphore(value: 0)
  // Written by the test thread before `start` is signalled and read by the workers after it:
  // the semaphores order the accesses.
  private var work: [() -> Void] = [{}, {}]
  private var stopping = false

  init() {
    for index in 0..<2 {
      let thread = Thread { [self] in
        while true {
          start[index].wait()
          if stopping { break }
          work[index]()
          done.signal()
        }
        done.signal()
      }
      thread.start()
    }
  }

  /// Runs `first` and `second` at about the same time on the two threads; returns when both
  /// have finished.
  /// Runs `first` on one thread and `second` on the other, released together, and returns
  /// once both have returned.
  ///
  /// Bounded like every wait in the suite: a racing closure that never returns (a deadlock in
  /// the code under test) fails the test by name past ``BoundedWait/limit`` instead of
  /// blocking the run; the stuck thread is abandoned.
  func race(
    _ first: @escaping () -> Void, _ second: @escaping () -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    precondition(!abandoned, "a ThreadPair whose thread is stuck cannot race again")
    work = [first, second]
    start[0].signal()
    start[1].signal()
    try waitForBoth("both racing closures to return", sourceLocation: sourceLocation)
  }

  /// Ends both threads; after a race that timed out, the stuck thread is left behind.
  func stop() {
    guard !abandoned else { return }
    stopping = true
    start[0].signal()
    start[1].signal()
    try? waitForBoth("both threads to stop", sourceLocation: #_sourceLocation)
  }

  private var abandoned = false

  private func waitForBoth(_ awaited: String, sourceLocation: SourceLocation) throws {
    // Bounded in live time, as `bounded` is: a wall-clock deadline would fail a race that a
    // busy machine merely slowed down. Most races end within the first 20 ms, so the deadline
    // is made only for one that does not; thousands of races a test then cost the watchdog
    // nothing but the progress they report.
    Watchdog.shared.noteProgress()
    var deadline: LiveDeadline?
    var returned = 0
    while returned < 2 {
      if done.wait(timeout: .now() + .milliseconds(20)) == .success {
        returned += 1
        continue
      }
      let live =
        deadline
        ?? LiveDeadline(
          after: BoundedWait.limit, "a ThreadPair race", sourceLocation: sourceLocation)
      deadline = live
      if live.hasPassed {
        abandoned = true
        try BoundedWait.timedOut(
          after: BoundedWait.limit, waitingFor: awaited, sourceLocation: sourceLocation)
      }
    }
  }
}
