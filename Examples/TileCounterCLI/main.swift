import SettleTesting
import TileCounter
import TileCounterConsole

// tile-counter: the Settle reference example in a terminal. See `tile-counter --help`.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

let command: CommandLineOptions.Command
do {
  command = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  StandardStream.standardError.write(
    "tile-counter: \(error.message)\n\n\(CommandLineOptions.usage)\n")
  exit(UsageError.exitCode)
}

switch command {
case .help:
  StandardStream.standardOutput.write(CommandLineOptions.usage + "\n")
case .version:
  StandardStream.standardOutput.write(CommandLineOptions.versionLine + "\n")
case .run(let options):
  // TILE_COUNTER_HOLD_CALCULATIONS is for the end-to-end tests, not for users (--help leaves it
  // out): the delay is measured on a ManualClock that nothing advances, so a calculation waits
  // until the program ends. A test can then act while one is pending without racing the delay,
  // however long the machine keeps the test from running.
  let calculator =
    getenv("TILE_COUNTER_HOLD_CALCULATIONS") == nil
    ? TileCalculator(delay: options.delay, maximumLayers: options.maximumLayers)
    : TileCalculator(
      delay: options.delay, maximumLayers: options.maximumLayers, clock: ManualClock())
  let status: Int32
  if isatty(STDIN_FILENO) == 1, let terminal = RawTerminalMode(fileDescriptor: STDIN_FILENO) {
    let session = TerminalSession(
      calculator: calculator, text: options.initialText ?? "", terminal: terminal)
    status = await session.run()
  } else {
    status = await PipedSession(calculator: calculator, initialText: options.initialText).run()
  }
  exit(status)
}
