import Foundation
import SettleTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal with `tile-counter` running on its slave side: the test types into the
/// master and reads the screen from it, the way a terminal emulator would.
final class PseudoTerminal {
  let master: Int32
  let slave: Int32
  let process = Process()
  private(set) var screen = ""
  /// Where the next match may start, in UTF-8 bytes: an offset stays valid as text is added.
  private var cursor = 0

  /// Opens a pty and starts the binary on it, stdin, stdout and stderr all the terminal.
  init(arguments: [String], environment: [String: String] = [:]) throws {
    try TileCounterExecutable.requireBuilt()
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    self.master = master
    self.slave = slave
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
    process.executableURL = TileCounterExecutable.url
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
  }

  deinit {
    process.killWithItsGroup()
    close(master)
    close(slave)
  }

  /// The terminal's local modes as the program left them (or set them).
  var localModes: tcflag_t {
    var settings = termios()
    _ = tcgetattr(slave, &settings)
    return settings.c_lflag
  }

  func type(_ text: String) { type(Array(text.utf8)) }

  func type(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads the screen until `text` appears after the previous match, then moves past it.
  ///
  /// Matching from the previous match, not from the end of what was read, keeps a quick
  /// program's output, drawn before the test asked, from being skipped.
  func waitFor(
    _ text: String, timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let deadline = LiveDeadline(
      after: timeout, "\(text.debugDescription) on the terminal", sourceLocation: sourceLocation)
    while true {
      drain()
      let start = screen.utf8.index(screen.startIndex, offsetBy: cursor)
      if let match = screen[start...].range(of: text) {
        cursor = screen.utf8.distance(from: screen.startIndex, to: match.upperBound)
        return
      }
      guard !deadline.hasPassed else {
        Issue.record(
          "\(text.debugDescription) did not appear within \(timeout) of live time; screen: \(screen.debugDescription)",
          sourceLocation: sourceLocation)
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }

  /// Waits for the program to exit and returns its exit status, reading what it drew last.
  func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
    try await TileCounterExecutable.waitForExit(process, timeout: timeout)
    drain()
    return process.terminationStatus
  }

  private func drain() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      screen += String(decoding: buffer[..<count], as: UTF8.self)
    }
  }
}
