import SettleTestSupport
import Testing
import TileCounterConsole

@Suite("Console formatting", .watched)
struct ConsoleFormattingTests {
  @Test func aFrameRewritesThreeLinesAndParksTheCursorAfterTheText() {
    let frame = TerminalFrame.draw(text: "10", status: "Calculated for 10 layers.", result: 385)
    #expect(
      frame
        == "\r\u{1B}[2KLayers: 10\r\n\u{1B}[2KCalculated for 10 layers.\r\n\u{1B}[2KTotal tiles: 385"
        + "\u{1B}[2A\r\u{1B}[10C")
  }

  @Test func aFrameWithoutATotalLeavesTheTotalLineEmpty() {
    let frame = TerminalFrame.draw(text: "", status: "Enter a layer count.", result: nil)
    #expect(frame.hasSuffix("\r\n\u{1B}[2K\u{1B}[2A\r\u{1B}[8C"))
    #expect(!frame.contains("Total"))
  }

  @Test func pipedLinesAddTheTotalWhenThereIsOne() {
    #expect(
      PipedLine.text(status: "Calculated for 3 layers.", result: 14)
        == "Calculated for 3 layers. Total tiles: 14")
    #expect(
      PipedLine.text(status: "Waiting for typing to pause...", result: nil)
        == "Waiting for typing to pause...")
  }

  @Test func theSplitterKeepsTheUnfinishedTail() {
    var splitter = LineSplitter()
    #expect(splitter.feed(Array("1\n1".utf8)) == ["1"])
    #expect(splitter.feed(Array("0\r\n\n".utf8)) == ["10\r", ""])
    #expect(splitter.feed(Array("7".utf8)) == [])
    #expect(splitter.finish() == "7")
    #expect(splitter.finish() == nil)
  }
}
