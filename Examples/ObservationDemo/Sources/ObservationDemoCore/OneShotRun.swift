import Foundation

/// What a one-shot tracking script printed, and how often its callback ran.
public struct OneShotRun: Codable, Equatable, Sendable {
  /// The script's lines: each write as it starts, and each callback where it ran.
  public let lines: [String]
  /// How many times the callback ran.
  public let calls: Int

  /// The line the callback writes for its `number`th call.
  public static func callLine(_ number: Int) -> String { "→ onChange (call \(number))" }

  /// Runs `writes` in order after `arm` installed a one-shot scope, logging each write before
  /// it happens and each callback as it runs, so the log shows where a call landed.
  ///
  /// - Parameters:
  ///   - arm: Installs the scope that calls its argument on a change.
  ///   - writes: Each write with the label the log shows.
  public static func record(
    arm: (_ onChange: @escaping @Sendable () -> Void) -> Void,
    writes: [(label: String, write: () -> Void)]
  ) -> OneShotRun {
    let log = Log()
    arm { log.recordCall() }
    for (label, write) in writes {
      log.append("write \(label)")
      write()
    }
    return log.run
  }

  /// A log the callback may write from the writing thread.
  private final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var calls = 0

    func append(_ line: String) {
      lock.withLock { lines.append(line) }
    }

    func recordCall() {
      lock.withLock {
        calls += 1
        lines.append(OneShotRun.callLine(calls))
      }
    }

    var run: OneShotRun {
      lock.withLock { OneShotRun(lines: lines, calls: calls) }
    }
  }
}
