import Foundation
import SettleTestSupport
import Testing

/// The built binary with its input piped: one line per status change. Real time is allowed
/// here only; every bound is generous, and `--delay` keeps waits short where timing is not
/// the point.
@Suite("tile-counter, piped", .watched)
struct TileCounterPipedTests {
  @Test func theReadmesCommandPrints385AndNever1() async throws {
    // The README's command, default 300 ms delay: "10" follows "1" within the quiet period.
    // printf writes both lines at once, so however late the shell or this test runs on a busy
    // machine, 1's quiet period cannot pass before 10 arrives; a shell that slept between them
    // would race the delay.
    let outcome = try await TileCounterExecutable.shell(#"printf '1\n10\n' | "$TILE_COUNTER""#)
    #expect(outcome.status == 0)
    #expect(
      outcome.lines == [
        "Waiting for typing to pause...", "Calculated for 10 layers. Total tiles: 385",
      ])
    #expect(!outcome.output.contains("1 layers"))
    #expect(!outcome.output.contains("Total tiles: 1\n"))
  }

  @Test func eachStatusChangePrintsOneLineAndEndOfInputWaitsForThePendingTotal() async throws {
    let outcome = try await TileCounterExecutable.shell(
      #"printf '3.5\n\n 7 ' | "$TILE_COUNTER" --delay 50"#)
    #expect(outcome.status == 0)
    #expect(
      outcome.lines == [
        "Use a whole number from 0 to 1000.",
        "Enter a layer count.",
        "Waiting for typing to pause...",
        "Calculated for 7 layers. Total tiles: 140",
      ])
    #expect(outcome.error.isEmpty)
  }

  @Test func theOptionsReachTheCalculator() async throws {
    let outcome = try await TileCounterExecutable.shell(
      #"echo 1001 | "$TILE_COUNTER" --delay 10 --max-layers 2000 --initial 2000000"#)
    #expect(outcome.status == 0)
    #expect(
      outcome.lines == [
        "Use a whole number from 0 to 2000.",
        "Waiting for typing to pause...",
        "Calculated for 1001 layers. Total tiles: 334835501",
      ])
  }

  @Test func emptyInputExitsAtOnceWithNothingToSay() async throws {
    let outcome = try await TileCounterExecutable.run([])
    #expect(outcome.status == 0)
    #expect(outcome.output.isEmpty)
  }

  @Test func helpAndVersionPrintToStandardOutput() async throws {
    let help = try await TileCounterExecutable.run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("Usage: tile-counter"))
    let version = try await TileCounterExecutable.run(["--version"])
    #expect(version.status == 0)
    #expect(version.output == "tile-counter 0.1.0\n")
  }

  @Test(arguments: [
    (["--delay", "soon"], "--delay takes whole milliseconds"),
    (["--max-layers", "9999999999"], "--max-layers takes a whole number"),
    (["--wat"], "Unknown option '--wat'."),
    (["--initial"], "--initial needs a value."),
  ])
  func aBadCommandLineExits64WithTheMessageAndUsageOnStandardError(
    arguments: [String], message: String
  ) async throws {
    let outcome = try await TileCounterExecutable.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.output.isEmpty)
    #expect(outcome.error.hasPrefix("tile-counter: \(message)"))
    #expect(outcome.error.contains("Usage: tile-counter"))
  }
}
