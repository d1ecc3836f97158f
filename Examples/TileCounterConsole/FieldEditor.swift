/// The terminal field's text and the keys that edit it, decoded from raw terminal bytes.
///
/// Printable characters (any UTF-8, also split across reads) are appended; Backspace
/// (`0x7F` or `0x08`) deletes the last character; Ctrl-U clears. Enter, a lone Esc, Ctrl-C
/// and Ctrl-D quit. Escape sequences such as arrow keys (`ESC [ A`, `ESC O P`) are ignored
/// rather than read as Esc, and other control bytes are ignored.
///
/// ```swift
/// var editor = FieldEditor(text: "3")
/// editor.feed(Array("\u{7F}10".utf8))   // .edited; editor.text == "10"
/// editor.feed([0x0D])                  // .quit
/// ```
///
/// - Complexity: O(bytes fed).
public struct FieldEditor: Hashable, Sendable {
  /// What a batch of bytes did.
  public enum Outcome: Hashable, Sendable {
    /// No editing key: nothing to re-schedule.
    case ignored
    /// At least one editing key; ``FieldEditor/text`` is the field's new text.
    case edited
    /// A quit key; bytes after it were not read.
    case quit
  }

  /// The field's text.
  public private(set) var text: String

  /// Bytes of a UTF-8 character whose remaining bytes have not arrived yet.
  private var partial: [UInt8] = []

  /// Creates an editor holding `text`.
  public init(text: String) {
    self.text = text
  }

  /// Applies the keys in `bytes`, as read from a terminal in raw mode.
  public mutating func feed(_ bytes: [UInt8]) -> Outcome {
    var outcome = Outcome.ignored
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if byte >= 0x80 {
        appendUTF8(byte)
        if partial.isEmpty { outcome = .edited }
        continue
      }
      partial.removeAll()  // an ASCII byte ends any broken sequence
      switch byte {
      case 0x03, 0x04, 0x0A, 0x0D:
        return .quit
      case 0x1B:
        guard index < bytes.count,
          bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O")
        else { return .quit }
        index = Self.endOfEscapeSequence(in: bytes, introducerAt: index)
      case 0x08, 0x7F:
        if !text.isEmpty { text.removeLast() }
        outcome = .edited
      case 0x15:
        text = ""
        outcome = .edited
      case 0x20..<0x7F:
        text.unicodeScalars.append(Unicode.Scalar(byte))
        outcome = .edited
      default:
        break
      }
    }
    return outcome
  }

  private mutating func appendUTF8(_ byte: UInt8) {
    if byte & 0xC0 == 0x80 {
      guard !partial.isEmpty else { return }  // a stray continuation byte
      partial.append(byte)
    } else {
      partial = [byte]
    }
    let expected: Int
    switch partial[0] {
    case 0xC0...0xDF: expected = 2
    case 0xE0...0xEF: expected = 3
    case 0xF0...0xF7: expected = 4
    default: expected = 1
    }
    guard partial.count >= expected else { return }
    text += String(decoding: partial, as: UTF8.self)
    partial.removeAll()
  }

  /// The index after a CSI (`ESC [ … final`) or SS3 (`ESC O x`) sequence.
  private static func endOfEscapeSequence(in bytes: [UInt8], introducerAt start: Int) -> Int {
    if bytes[start] == UInt8(ascii: "O") { return min(start + 2, bytes.count) }
    var index = start + 1
    while index < bytes.count {
      defer { index += 1 }
      if (0x40...0x7E).contains(bytes[index]) { return index + 1 }
    }
    return bytes.count
  }
}
