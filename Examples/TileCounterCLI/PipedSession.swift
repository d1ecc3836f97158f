import TileCounter
import TileCounterConsole

/// The piped mode: each input line replaces the field's text; each status change prints one
/// line; at end of input the pending calculation is awaited and printed.
@MainActor
final class PipedSession {
  private let calculator: TileCalculator
  private let initialText: String?
  private var lastStatus: String
  private var watch: CalculatorWatch?

  init(calculator: TileCalculator, initialText: String?) {
    self.calculator = calculator
    self.initialText = initialText
    lastStatus = calculator.status
  }

  func run() async -> Int32 {
    watch = CalculatorWatch(calculator) { [weak self] calculator in
      self?.statusMayHaveChanged(calculator)
    }
    if let initialText { calculator.schedule(initialText) }
    var splitter = LineSplitter()
    for await chunk in InputChunks.standardInput() {
      for line in splitter.feed(chunk) { calculator.schedule(line) }
    }
    if let last = splitter.finish() { calculator.schedule(last) }
    await calculator.waitUntilIdle()
    watch?.cancel()
    return 0
  }

  private func statusMayHaveChanged(_ calculator: TileCalculator) {
    // The watch also fires for result-only changes (clearing it); those are not news here.
    guard calculator.status != lastStatus else { return }
    lastStatus = calculator.status
    StandardStream.standardOutput.write(
      PipedLine.text(status: calculator.status, result: calculator.result) + "\n")
  }
}
