import Dispatch
import TileCounter
import TileCounterConsole

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

/// The interactive mode: a field redrawn in place as keys arrive, until a quit key, end of
/// input, SIGINT or SIGTERM; the terminal's settings are restored on every one of those.
@MainActor
final class TerminalSession {
  private let calculator: TileCalculator
  private let terminal: RawTerminalMode
  private var editor: FieldEditor
  private var watch: CalculatorWatch?
  private var signalSources: [any DispatchSourceSignal] = []
  private var finished: CheckedContinuation<Int32, Never>?
  private var exitStatus: Int32?
  private var drawIsScheduled = false

  init(calculator: TileCalculator, text: String, terminal: RawTerminalMode) {
    self.calculator = calculator
    self.terminal = terminal
    editor = FieldEditor(text: text)
  }

  func run() async -> Int32 {
    // Handlers first: from here on, SIGINT and SIGTERM restore the terminal.
    watchSignals()
    guard terminal.enter() else {
      for source in signalSources { source.cancel() }
      StandardStream.standardError.write(
        "tile-counter: cannot switch the terminal to raw mode (error \(errno))\n")
      return 1
    }
    watch = CalculatorWatch(calculator) { [weak self] _ in self?.scheduleDraw() }
    calculator.schedule(editor.text)
    StandardStream.standardOutput.write(TerminalFrame.header + "\r\n")
    draw()
    let input = Task { @MainActor [weak self] in
      for await chunk in InputChunks.standardInput() {
        guard let self else { return }
        if self.handle(chunk) { return }
      }
      self?.quit(status: 0)  // end of input: nothing more can be typed
    }
    let status = await withCheckedContinuation { continuation in
      if let exitStatus {
        continuation.resume(returning: exitStatus)
      } else {
        finished = continuation
      }
    }
    input.cancel()
    return status
  }

  /// Applies keys; returns whether the session ended.
  private func handle(_ chunk: [UInt8]) -> Bool {
    switch editor.feed(chunk) {
    case .ignored:
      return false
    case .edited:
      calculator.schedule(editor.text)
      scheduleDraw()
      return false
    case .quit:
      quit(status: 0)
      return true
    }
  }

  /// One `schedule` or one finished calculation changes the result and the status in turn;
  /// drawing once after the change is complete avoids flashing the frames in between.
  private func scheduleDraw() {
    guard !drawIsScheduled else { return }
    drawIsScheduled = true
    Task { @MainActor [weak self] in
      guard let self, self.exitStatus == nil else { return }
      self.drawIsScheduled = false
      self.draw()
    }
  }

  private func draw() {
    StandardStream.standardOutput.write(
      TerminalFrame.draw(text: editor.text, status: calculator.status, result: calculator.result))
  }

  private func quit(status: Int32) {
    guard exitStatus == nil else { return }
    exitStatus = status
    calculator.stop()
    watch?.cancel()
    draw()
    StandardStream.standardOutput.write(TerminalFrame.leave)
    terminal.restore()
    for source in signalSources { source.cancel() }
    finished?.resume(returning: status)
    finished = nil
  }

  /// SIGINT and SIGTERM end the session through ``quit(status:)``, so the terminal is restored
  /// and the exit status is the shell's usual 128 + signal number.
  private func watchSignals() {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
      source.setEventHandler { [weak self] in
        MainActor.assumeIsolated { self?.quit(status: 128 + signalNumber) }
      }
      source.resume()
      signalSources.append(source)
    }
  }
}
