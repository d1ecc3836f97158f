#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// A terminal that can be switched to raw mode (keys arrive one by one, unechoed, Ctrl-C as a
/// byte), with the settings it had before so they can be put back.
struct RawTerminalMode: Sendable {
  let fileDescriptor: Int32
  private let saved: termios

  /// Reads `fileDescriptor`'s settings, without changing them; `nil` when it is not a
  /// terminal.
  ///
  /// Switching is a separate step (``enter()``) so that the session can install its signal
  /// handlers first: a signal between the two must not leave the terminal raw.
  init?(fileDescriptor: Int32) {
    var original = termios()
    guard tcgetattr(fileDescriptor, &original) == 0 else { return nil }
    self.fileDescriptor = fileDescriptor
    saved = original
  }

  /// Switches the terminal to raw mode; returns whether it did.
  func enter() -> Bool {
    var raw = saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    return tcsetattr(fileDescriptor, TCSAFLUSH, &raw) == 0
  }

  /// Puts back the settings from before raw mode; safe to call more than once, and before
  /// ``enter()``.
  func restore() {
    var original = saved
    _ = tcsetattr(fileDescriptor, TCSANOW, &original)
  }
}
