import SettleTestSupport

/// Strings shaped like what people type into a number field, and worse.
enum RandomLayerText {
  static let whitespace: [String] = [
    " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}",
    "\u{2003}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{3000}",
  ]
  static let noise: [String] = [
    "+", "-", ".", ",", "_", "x", "e", "E", "0x", "٣", "３", "¹", "\u{0301}", "\u{200B}", "\u{FEFF}",
    "a", "🧱", "∞", "½", "'",
  ]

  static func make(using generator: inout SplitMix64) -> String {
    var text = ""
    for _ in 0..<generator.next(below: 3) { text += whitespace.randomElement(using: &generator)! }
    switch generator.next(below: 10) {
    case 0:
      break  // whitespace only, or nothing
    case 1, 2, 3, 4:
      text += sign(using: &generator) + digits(using: &generator)
    case 5:
      text +=
        sign(using: &generator) + String(repeating: "9", count: 18 + generator.next(below: 30))
    default:
      for _ in 0..<(1 + generator.next(below: 6)) {
        text +=
          generator.next(below: 2) == 0
          ? digits(using: &generator) : noise.randomElement(using: &generator)!
        if generator.next(below: 5) == 0 { text += whitespace.randomElement(using: &generator)! }
      }
    }
    for _ in 0..<generator.next(below: 3) { text += whitespace.randomElement(using: &generator)! }
    return text
  }

  private static func sign(using generator: inout SplitMix64) -> String {
    ["", "", "", "+", "-"].randomElement(using: &generator)!
  }

  private static func digits(using generator: inout SplitMix64) -> String {
    let length = [1, 1, 2, 3, 4, 5, 8, 20].randomElement(using: &generator)!
    var text = ""
    for index in 0..<length {
      // Leading zeros now and then, to exercise "003".
      let digit =
        index == 0 && generator.next(below: 4) != 0
        ? 1 + generator.next(below: 9) : generator.next(below: 10)
      text += String(digit)
    }
    return text
  }
}
