import Dispatch
import Foundation

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
  func race(_ first: @escaping () -> Void, _ second: @escaping () -> Void) {
    work = [first, second]
    start[0].signal()
    start[1].signal()
    done.wait()
    done.wait()
  }

  /// Ends both threads; call once, when done racing.
  func stop() {
    stopping = true
    start[0].signal()
    start[1].signal()
    done.wait()
    done.wait()
  }
}
