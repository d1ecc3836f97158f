/// Cuts a byte stream into lines, keeping the unfinished tail for the next read.
///
/// A line ends at `\n`; a `\r` before it is kept (the parser trims it as whitespace). The
/// bytes are decoded as UTF-8, with invalid sequences replaced by U+FFFD.
///
/// - Complexity: O(bytes fed).
public struct LineSplitter: Hashable, Sendable {
  private var tail: [UInt8] = []

  /// Creates a splitter with nothing buffered.
  public init() {}

  /// Adds `bytes` and returns the lines they completed, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [String] {
    var lines: [String] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        lines.append(String(decoding: tail, as: UTF8.self))
        tail.removeAll(keepingCapacity: true)
      } else {
        tail.append(byte)
      }
    }
    return lines
  }

  /// Ends the input: returns the last line if it had no newline.
  public mutating func finish() -> String? {
    defer { tail.removeAll() }
    return tail.isEmpty ? nil : String(decoding: tail, as: UTF8.self)
  }
}
