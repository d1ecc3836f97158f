import Foundation
import ObservationDemoCore
import SettleTestSupport
import Testing

/// Runs the built `observation-demo` binary, as a user would.
@Suite(.backstop(minutes: 2), .watched)
struct ObservationDemoTests {
  private struct Output {
    var status: Int32
    var stdout: String
    var stderr: String
  }

  /// The demo binary next to the test bundle in the build's products directory.
  private func binary() throws -> URL {
    var products = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    #if os(macOS)
      if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
        products = bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    let url = products.appendingPathComponent("observation-demo")
    try #require(
      FileManager.default.isExecutableFile(atPath: url.path),
      "build the demo first (swift build --build-tests): no \(url.path)")
    return url
  }

  /// Runs the demo and collects what it printed; bounded, so a demo that never exits fails
  /// the test by name (and is killed) instead of blocking the run.
  private func run(_ arguments: [String]) async throws -> Output {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let child = UncheckedSendable(process)
    let printed: (stdout: Data, stderr: Data)
    do {
      printed = try await bounded("observation-demo \(arguments) to exit") {
        await withCheckedContinuation { continuation in
          // Blocking reads belong on their own thread, not on the tests' cooperative pool.
          Thread.detachNewThread {
            // Read before waiting, so a full pipe cannot block the child.
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            child.value.waitUntilExit()
            continuation.resume(returning: (stdout, stderr))
          }
        }
      }
    } catch {
      process.killWithItsGroup()
      throw error
    }
    return Output(
      status: process.terminationStatus,
      stdout: String(decoding: printed.stdout, as: UTF8.self),
      stderr: String(decoding: printed.stderr, as: UTF8.self))
  }

  /// Lines with runs of spaces collapsed, so alignment padding does not matter.
  private func normalized(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.split(separator: " ").joined(separator: " ")
    }
  }

  @Test func printsTheThreeScenarios() async throws {
    let output = try await run([])
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    let lines = normalized(output.stdout)
    let expected = [
      "Scenario 1: property-level tracking (withTracking)",
      "book added → BookList (observation); skipped LibraryScreen, BorrowBadge",
      "loan counted → BorrowBadge (observation); skipped LibraryScreen, BookList",
      "search typed → LibraryScreen (local), BookList (parent); skipped BorrowBadge",
      "counts: local 1, parent 1, observation 2, environment 0",
      "",
      "Scenario 2: object-level tracking (TrackingOptions.objectLevel)",
      "book added → BookList (observation), BorrowBadge (observation); skipped LibraryScreen",
      "loan counted → BookList (observation), BorrowBadge (observation); skipped LibraryScreen",
      "counts: local 0, parent 0, observation 4, environment 0",
      "property-level tracking recomputed 2 of the 4 views object-level tracking did for these changes",
      "",
      "Scenario 3: one-shot scope reading only borrowedCount",
    ]
    #expect(Array(lines.prefix(expected.count)) == expected)

    // Scenario 3: Settle's column, and Apple's beside it where Observation exists.
    let script = [
      "write books.append(\"Middlemarch\")", "write borrowedCount = 1", "→ onChange (call 1)",
      "write borrowedCount = 2", "calls: 1",
    ]
    let table = Array(lines.dropFirst(expected.count)).filter { !$0.isEmpty }
    #if canImport(Observation)
      #expect(table.first == "Settle withTracking Apple withObservationTracking")
      #expect(Array(table.dropFirst()) == script.map { "\($0) \($0)" })
    #else
      #expect(table.first == "Settle withTracking")
      #expect(Array(table.dropFirst()) == script)
    #endif
  }

  @Test func printsJSONForScripts() async throws {
    let output = try await run(["--json"])
    #expect(output.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    let property = try #require(json["propertyLevel"] as? [String: Any])
    let counts = try #require(property["counts"] as? [String: Int])
    #expect(counts == ["local": 1, "parent": 1, "observation": 2, "environment": 0])
    let objectCounts = try #require(
      (json["objectLevel"] as? [String: Any])?["counts"] as? [String: Int])
    #expect(objectCounts["observation"] == 4)
    let oneShot = try #require(json["oneShot"] as? [String: Any])
    #expect((oneShot["settle"] as? [String: Any])?["calls"] as? Int == 1)
  }

  @Test(arguments: [["--bogus"], ["--json", "--json"], ["scenario"]])
  func badOptionsExit64WithUsage(arguments: [String]) async throws {
    let output = try await run(arguments)
    #expect(output.status == 64)
    #expect(output.stdout.isEmpty)
    #expect(output.stderr.contains("usage: observation-demo [--json]"))
  }

  @Test func helpPrintsUsageAndWhatItMeasures() async throws {
    let output = try await run(["--help"])
    #expect(output.status == 0)
    #expect(output.stderr.isEmpty)
    #expect(output.stdout.hasPrefix("usage: observation-demo [--json]\n"))
    #expect(output.stdout.contains("Measures what property-level tracking saves."))
    // Every label the results print is explained, each on a line of its own.
    let lines = normalized(output.stdout).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(RecomputeCause.allCases.count == 4)
    for cause in RecomputeCause.allCases.map(\.rawValue) {
      #expect(lines.contains { $0.hasPrefix("\(cause) ") }, "\(cause)")
    }
    for view in ["LibraryScreen", "BookList", "BorrowBadge"] {
      #expect(lines.contains { $0.hasPrefix("\(view) ") }, "\(view)")
    }
    for option in ["--json", "-h, --help"] {
      #expect(lines.contains { $0.hasPrefix("\(option) ") }, "\(option)")
    }
  }

  @Test func badOptionsPointToTheHelp() async throws {
    let output = try await run(["--bogus"])
    #expect(output.stderr.contains("Run with --help for what it measures."))
  }
}

/// A `Process` handed to the thread that waits for it; the test touches it again only after
/// that wait, or to kill it once the wait has timed out.
private struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
