/// The interactive screen: a ``header`` printed once, then three lines redrawn in place with
/// ANSI escapes.
///
/// ```
/// Type a layer count; Ctrl-U clears. Enter, Esc, Ctrl-C or Ctrl-D quits.
/// Layers: 10
/// Calculated for 10 layers.
/// Total tiles: 385
/// ```
///
/// Each frame starts from the cursor's home on the field's line, clears and rewrites the three
/// lines, and leaves the cursor after the field's text, so the next frame can overwrite it
/// and the user sees where they type.
public enum TerminalFrame: Sendable {
  /// The first line of the screen, printed once above the frames: what to type and how to
  /// quit, so a user who did not read `--help` is not stuck.
  public static let header =
    "Type a layer count; Ctrl-U clears. Enter, Esc, Ctrl-C or Ctrl-D quits."

  /// The label in front of the field.
  public static let prompt = "Layers: "

  /// The escapes and text that draw (or redraw) the screen.
  ///
  /// - Parameters:
  ///   - text: The field's text.
  ///   - status: The calculator's status sentence.
  ///   - result: The total, or `nil` to leave the total line empty.
  public static func draw(text: String, status: String, result: Int?) -> String {
    let clearLine = "\u{1B}[2K"
    let total = result.map { "Total tiles: \($0)" } ?? ""
    let column = prompt.count + text.count
    return "\r" + clearLine + prompt + text + "\r\n" + clearLine + status + "\r\n" + clearLine
      + total + "\u{1B}[2A\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
  }

  /// Moves the cursor below the screen, so the shell prompt does not overwrite it.
  public static let leave = "\u{1B}[2B\r\n"
}
