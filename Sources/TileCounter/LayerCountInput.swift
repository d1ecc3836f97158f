/// What the tile counter's text field holds, once read by the parsing rules.
///
/// The rules, in order:
/// 1. Leading and trailing whitespace and newlines are trimmed (Unicode `White_Space`, the
///    same set as Foundation's `.whitespacesAndNewlines`); inner characters are kept.
/// 2. Nothing left is ``empty``.
/// 3. The rest must be a base-10 integer as `Int(_:radix: 10)` reads it: an optional `+` or
///    `-`, then ASCII digits only. `"+3"` and `"003"` are accepted; `"3.5"`, `"1,000"`,
///    `"3 0"`, `"0x10"`, Unicode digits and numbers beyond `Int` are not.
/// 4. The number must lie in `0...maximumLayers`.
///
/// ```swift
/// assert(LayerCountInput(parsing: " 007\n") == .layers(7))
/// assert(LayerCountInput(parsing: "1001") == .invalid)
/// assert(LayerCountInput(parsing: "1001", maximumLayers: 5000) == .layers(1001))
/// ```
///
/// - Complexity: O(length of the text); no allocation beyond the trimmed copy.
public enum LayerCountInput: Hashable, Sendable {
  /// Nothing but whitespace.
  case empty
  /// Not a whole number, or outside `0...maximumLayers`.
  case invalid
  /// A valid layer count.
  case layers(Int)

  /// Reads `text` by the rules above.
  ///
  /// - Parameters:
  ///   - text: The field's whole text.
  ///   - maximumLayers: The largest count accepted; 1000 by default.
  /// - Precondition: `maximumLayers` is not negative.
  public init(parsing text: String, maximumLayers: Int = 1000) {
    precondition(
      maximumLayers >= 0,
      "LayerCountInput's maximumLayers was \(maximumLayers); pass 0 or more."
    )
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else {
      self = .empty
      return
    }
    let trimmed = String(scalars[first...last])
    guard let count = Int(trimmed, radix: 10), (0...maximumLayers).contains(count) else {
      self = .invalid
      return
    }
    self = .layers(count)
  }
}
