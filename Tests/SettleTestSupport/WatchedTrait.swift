import Testing

/// Tells ``Watchdog`` which tests are running, so that the report with which it ends a run that
/// stopped progressing names them, including a test stuck outside any bounded wait.
///
/// Every suite in the package carries it (`Scripts/check-probes` fails on one that does not):
///
/// ```swift
/// @Suite("Debouncer", .watched)
/// struct DebouncerTests { … }
/// ```
///
/// A test's start and end count as progress.
public struct WatchedTrait: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test of the suite and of the suites nested in it.
  public var isRecursive: Bool { true }

  /// Registers each test case while it runs.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope would name the suite for as long as any of its tests runs.
    guard !test.isSuite else { return try await function() }
    let ticket = Watchdog.shared.testStarted("\(test.id)")
    defer { Watchdog.shared.testEnded(ticket) }
    try await function()
  }
}

extension Trait where Self == WatchedTrait {
  /// Registers the tests with ``Watchdog`` while they run (see ``WatchedTrait``).
  public static var watched: Self { WatchedTrait() }
}
