/// A command line `tile-counter` cannot run with; the program prints ``message`` and the usage
/// to standard error and exits 64 (`EX_USAGE`).
public struct UsageError: Error, Hashable, Sendable {
  /// What was wrong and what is allowed, as one sentence.
  public var message: String

  /// Creates an error with its message.
  public init(_ message: String) {
    self.message = message
  }

  /// The exit status for a bad command line, `EX_USAGE` from BSD's sysexits.
  public static let exitCode: Int32 = 64
}
