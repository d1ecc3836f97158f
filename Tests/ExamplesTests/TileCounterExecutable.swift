import Foundation
import SettleTestSupport
import Testing

/// The built `tile-counter` binary, found next to the test bundle, and ways to run it.
///
/// `swift build --build-tests` puts every product of the package, test bundle included, in
/// one directory (`.build/debug`, or a sanitizer's scratch path), so the binary is the test
/// bundle's sibling. The test target depends on the executable target, so building the tests
/// builds it. `TILE_COUNTER_BINARY` overrides the path.
enum TileCounterExecutable {
  static let url: URL = {
    if let path = ProcessInfo.processInfo.environment["TILE_COUNTER_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    return productsDirectory.appendingPathComponent("tile-counter")
  }()

  private static var productsDirectory: URL {
    #if os(macOS)
      // Under xctest or swiftpm-testing-helper the process is a runner; the bundle is loaded.
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    // On Linux the test bundle is an executable run by path: .build/<triple>/debug/X.xctest.
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// Fails the test with a hint when the binary was not built.
  static func requireBuilt(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: url.path),
      "tile-counter not found at \(url.path); run `swift build --build-tests` first",
      sourceLocation: sourceLocation)
  }

  /// What a finished run printed and how it ended.
  struct Outcome {
    var status: Int32
    var output: String
    var error: String

    var lines: [String] { output.split(separator: "\n").map(String.init) }
  }

  /// Runs `command` with `sh -c`, where `$TILE_COUNTER` is the binary, and waits for it.
  static func shell(_ command: String, timeout: Duration = .seconds(20)) async throws -> Outcome {
    try await run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], timeout: timeout)
  }

  /// Runs the binary with `arguments` and stdin from /dev/null, and waits for it.
  static func run(_ arguments: [String], timeout: Duration = .seconds(20)) async throws -> Outcome {
    try await run(url, arguments, timeout: timeout)
  }

  private static func run(_ executable: URL, _ arguments: [String], timeout: Duration)
    async throws -> Outcome
  {
    try requireBuilt()
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(
      ["TILE_COUNTER": url.path]) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    // Drain both pipes while it runs, so a chatty child never blocks on a full pipe.
    async let outputData = readToEnd(output.fileHandleForReading)
    async let errorData = readToEnd(error.fileHandleForReading)
    try process.run()
    try output.fileHandleForWriting.close()
    try error.fileHandleForWriting.close()
    try await waitForExit(process, timeout: timeout)
    return Outcome(
      status: process.terminationStatus,
      output: String(decoding: await outputData, as: UTF8.self),
      error: String(decoding: await errorData, as: UTF8.self))
  }

  private static func readToEnd(_ handle: FileHandle) async -> Data {
    await withCheckedContinuation { continuation in
      // A blocking read belongs on its own thread, not on the tests' cooperative pool.
      Thread.detachNewThread {
        continuation.resume(returning: (try? handle.readToEnd()) ?? Data())
      }
    }
  }

  /// Polls until `process` exits; kills it and fails after `timeout`.
  static func waitForExit(_ process: Process, timeout: Duration) async throws {
    let deadline = LiveDeadline(after: timeout, "tile-counter to exit")
    while process.isRunning {
      if deadline.hasPassed {
        process.killWithItsGroup()
        Issue.record("tile-counter did not exit within \(timeout) of live time")
        throw CancellationError()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

extension Process {
  /// Ends the child and whatever it started, for good, so that the pipes they hold close and
  /// a reader waiting for their end returns.
  ///
  /// SIGKILL to the child's process group (Foundation starts each child in a group of its own):
  /// `terminate()` sends SIGTERM to the child alone, which misses the binary that a `sh -c`
  /// wrapper started, and which the wrapper itself ignores when it inherited a signal mask
  /// that blocks it from the test's thread. Seen with a tile-counter that never exited: the
  /// test then waited for ever for its output to end.
  func killWithItsGroup() {
    guard isRunning else { return }
    let group = processIdentifier
    if kill(-group, SIGKILL) != 0 { _ = kill(group, SIGKILL) }
  }
}
