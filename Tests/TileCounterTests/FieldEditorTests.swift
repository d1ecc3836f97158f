import SettleTestSupport
import Testing
import TileCounterConsole

@Suite("FieldEditor", .watched)
struct FieldEditorTests {
  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func printableCharactersAppend() {
    var editor = FieldEditor(text: "3")
    #expect(editor.feed(bytes("1 a")) == .edited)
    #expect(editor.text == "31 a")
  }

  @Test func backspaceDeletesTheLastCharacterInBothEncodings() {
    var editor = FieldEditor(text: "123é")
    #expect(editor.feed([0x7F]) == .edited)
    #expect(editor.text == "123")
    #expect(editor.feed([0x08]) == .edited)
    #expect(editor.text == "12")
  }

  @Test func backspaceOnAnEmptyFieldStillCountsAsAKeystroke() {
    var editor = FieldEditor(text: "")
    #expect(editor.feed([0x7F]) == .edited)
    #expect(editor.text == "")
  }

  @Test func controlUClears() {
    var editor = FieldEditor(text: "1000")
    #expect(editor.feed([0x15]) == .edited)
    #expect(editor.text == "")
  }

  @Test(arguments: [[0x0D], [0x0A], [0x03], [0x04], [0x1B]] as [[UInt8]])
  func quitKeysQuit(key: [UInt8]) {
    var editor = FieldEditor(text: "3")
    #expect(editor.feed(key) == .quit)
    #expect(editor.text == "3")
  }

  @Test func bytesAfterAQuitKeyAreNotRead() {
    var editor = FieldEditor(text: "")
    #expect(editor.feed(bytes("4\r5")) == .quit)
    #expect(editor.text == "4")
  }

  @Test func escapeSequencesAreIgnoredNotReadAsEscape() {
    var editor = FieldEditor(text: "7")
    #expect(editor.feed(bytes("\u{1B}[A\u{1B}[1;5C\u{1B}OP")) == .ignored)
    #expect(editor.text == "7")
    #expect(editor.feed(bytes("\u{1B}[D8")) == .edited)
    #expect(editor.text == "78")
  }

  @Test func otherControlBytesAreIgnored() {
    var editor = FieldEditor(text: "7")
    #expect(editor.feed([0x01, 0x09, 0x1A]) == .ignored)
    #expect(editor.text == "7")
  }

  @Test func utf8SplitAcrossReadsArrivesWhole() {
    var editor = FieldEditor(text: "")
    let three = bytes("٣")  // two bytes
    #expect(editor.feed([three[0]]) == .ignored)
    #expect(editor.text == "")
    #expect(editor.feed([three[1]]) == .edited)
    #expect(editor.text == "٣")
  }

  @Test func aStrayContinuationByteIsDropped() {
    var editor = FieldEditor(text: "")
    #expect(editor.feed([0x80, 0x31]) == .edited)
    #expect(editor.text == "1")
  }
}
