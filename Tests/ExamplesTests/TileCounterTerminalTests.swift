import Foundation
import SettleTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built binary on a pseudo-terminal: raw-mode typing, in-place redraw, and the terminal
/// put back however the program ends. Real time with generous bounds; `--delay 50` keeps it
/// short.
@Suite("tile-counter, in a terminal", .watched)
struct TileCounterTerminalTests {
  private let cookedModes = tcflag_t(ICANON | ECHO | ISIG)

  @Test func typingRedrawsInPlaceAndEnterQuitsAndRestoresTheTerminal() async throws {
    let terminal = try PseudoTerminal(arguments: ["--delay", "50"])
    #expect(terminal.localModes & cookedModes == cookedModes, "a fresh pty starts cooked")
    // The first line says how to quit; the field starts empty, so typing 12 means 12.
    try await terminal.waitFor(
      "Type a layer count; Ctrl-U clears. Enter, Esc, Ctrl-C or Ctrl-D quits.")
    try await terminal.waitFor("Enter a layer count.")
    try await terminal.waitFor("\u{1B}[2A\r\u{1B}[8C")  // the cursor after "Layers: ": empty
    #expect(terminal.localModes & cookedModes == 0, "raw mode while the field is open")
    terminal.type("12")
    try await terminal.waitFor("Total tiles: 650")
    #expect(terminal.screen.contains("Calculated for 12 layers."))
    terminal.type([0x7F, 0x7F])  // Backspace twice
    terminal.type("10")
    try await terminal.waitFor("Total tiles: 385")
    #expect(terminal.screen.contains("Calculated for 10 layers."))
    terminal.type([0x15])  // Ctrl-U
    try await terminal.waitFor("Enter a layer count.")
    terminal.type("4x")
    try await terminal.waitFor("Use a whole number from 0 to 1000.")
    terminal.type([0x7F])
    try await terminal.waitFor("Total tiles: 30")
    terminal.type("\r")
    #expect(try await terminal.waitForExit() == 0)
    #expect(terminal.localModes & cookedModes == cookedModes)
    // Redrawn in place: every frame moves back up over the previous one.
    #expect(terminal.screen.contains("\u{1B}[2A"))
    #expect(terminal.screen.contains("\u{1B}[2K"))
    #expect(terminal.screen.hasSuffix("\u{1B}[2B\r\r\n"))
  }

  @Test(
    arguments: [("Esc", [0x1B]), ("Ctrl-C", [0x03]), ("Ctrl-D", [0x04])] as [(String, [UInt8])])
  func quitKeysStopTheCalculationAndRestoreTheTerminal(name: String, key: [UInt8]) async throws {
    // The calculation of 5 is held until the program ends (TILE_COUNTER_HOLD_CALCULATIONS), so
    // the key arrives while it is pending however late this test gets to type it.
    let terminal = try PseudoTerminal(
      arguments: ["--initial", "5"], environment: ["TILE_COUNTER_HOLD_CALCULATIONS": "1"])
    try await terminal.waitFor("Waiting for typing to pause...")
    terminal.type(key)
    #expect(try await terminal.waitForExit() == 0, "\(name)")
    #expect(terminal.screen.contains("Calculation paused."), "\(name)")
    #expect(!terminal.screen.contains("Total tiles"), "\(name)")
    #expect(terminal.localModes & cookedModes == cookedModes, "\(name)")
  }

  @Test(arguments: [SIGINT, SIGTERM])
  func signalsRestoreTheTerminal(signal: Int32) async throws {
    let terminal = try PseudoTerminal(arguments: ["--delay", "50", "--initial", "3"])
    try await terminal.waitFor("Layers: 3")
    try await terminal.waitFor("Total tiles: 14")
    kill(terminal.process.processIdentifier, signal)
    #expect(try await terminal.waitForExit() == 128 + signal)
    #expect(terminal.localModes & cookedModes == cookedModes)
  }
}
