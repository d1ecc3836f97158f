#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

// The C function, reachable under a name that the method below does not shadow.
#if canImport(Glibc)
  private let systemWrite = Glibc.write
#elseif canImport(Darwin)
  private let systemWrite = Darwin.write
#elseif canImport(Musl)
  private let systemWrite = Musl.write
#endif

/// Standard output or error, written unbuffered so that nothing is lost when the program
/// exits straight after a write, and a frame reaches the terminal whole.
struct StandardStream: Sendable {
  let fileDescriptor: Int32

  static let standardOutput = StandardStream(fileDescriptor: STDOUT_FILENO)
  static let standardError = StandardStream(fileDescriptor: STDERR_FILENO)

  func write(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { systemWrite(fileDescriptor, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        return  // the reader went away; there is no one left to tell
      }
      bytes = bytes.dropFirst(written)
    }
  }
}
