import SettleTestSupport
import Testing
import TileCounter
import TileCounterConsole

@Suite("CommandLineOptions", .watched)
struct CommandLineOptionsTests {
  @Test func noArgumentsRunWithTheDefaults() throws {
    let command = try CommandLineOptions.parse([])
    #expect(command == .run(CommandLineOptions()))
    guard case .run(let options) = command else { return }
    #expect(options.delay == .milliseconds(300))
    #expect(options.maximumLayers == 1000)
    #expect(options.initialText == nil)
  }

  @Test func readsEveryOptionInBothSpellings() throws {
    var expected = CommandLineOptions()
    expected.delay = .milliseconds(50)
    expected.maximumLayers = 5000
    expected.initialText = "-1"
    #expect(
      try CommandLineOptions.parse(["--delay", "50", "--max-layers", "5000", "--initial", "-1"])
        == .run(expected))
    #expect(
      try CommandLineOptions.parse(["--delay=50", "--max-layers=5000", "--initial=-1"])
        == .run(expected))
  }

  @Test func anInitialTextMayBeEmptyOrContainEquals() throws {
    var expected = CommandLineOptions()
    expected.initialText = ""
    #expect(try CommandLineOptions.parse(["--initial", ""]) == .run(expected))
    expected.initialText = "a=b"
    #expect(try CommandLineOptions.parse(["--initial=a=b"]) == .run(expected))
  }

  @Test func theLastOfARepeatedOptionWins() throws {
    var expected = CommandLineOptions()
    expected.delay = .milliseconds(2)
    #expect(try CommandLineOptions.parse(["--delay", "1", "--delay", "2"]) == .run(expected))
  }

  @Test func helpAndVersionStopParsing() throws {
    #expect(try CommandLineOptions.parse(["--help"]) == .help)
    #expect(try CommandLineOptions.parse(["-h"]) == .help)
    #expect(try CommandLineOptions.parse(["--delay", "5", "--help", "--bogus"]) == .help)
    #expect(try CommandLineOptions.parse(["--version"]) == .version)
  }

  @Test(arguments: [
    (["--bogus"], "Unknown option '--bogus'."),
    (["-x"], "Unknown option '-x'."),
    (["7"], "Unexpected argument '7'; type the layer count, or start with it: --initial 7."),
    (
      ["seven"],
      "Unexpected argument 'seven'; the layer count is typed, or given with --initial TEXT."
    ),
    (["--delay"], "--delay needs a value."),
    (["--initial"], "--initial needs a value."),
    (["--delay", "abc"], "--delay takes whole milliseconds from 0 to 3600000; got 'abc'."),
    (["--delay", "-5"], "--delay takes whole milliseconds from 0 to 3600000; got '-5'."),
    (["--delay", "3600001"], "--delay takes whole milliseconds from 0 to 3600000; got '3600001'."),
    (["--delay=1.5"], "--delay takes whole milliseconds from 0 to 3600000; got '1.5'."),
    (["--help=yes"], "--help takes no value."),
  ])
  func rejectsBadArgumentsWithAMessage(arguments: [String], message: String) {
    #expect(throws: UsageError(message)) { try CommandLineOptions.parse(arguments) }
  }

  @Test func maxLayersStopsWhereTheTotalWouldOverflow() throws {
    var expected = CommandLineOptions()
    expected.maximumLayers = largestSafeLayerCount
    #expect(
      try CommandLineOptions.parse(["--max-layers", String(largestSafeLayerCount)])
        == .run(expected))
    let tooMany = String(largestSafeLayerCount + 1)
    #expect(
      throws: UsageError(
        "--max-layers takes a whole number from 0 to \(largestSafeLayerCount) (larger totals overflow); got '\(tooMany)'."
      )
    ) { try CommandLineOptions.parse(["--max-layers", tooMany]) }
    #expect(throws: UsageError.self) { try CommandLineOptions.parse(["--max-layers", "-1"]) }
  }

  @Test func theUsageNamesEveryOption() {
    for option in ["--delay MS", "--max-layers N", "--initial TEXT", "--help", "--version"] {
      #expect(CommandLineOptions.usage.contains(option), "\(option)")
    }
    #expect(UsageError.exitCode == 64)
  }
}
