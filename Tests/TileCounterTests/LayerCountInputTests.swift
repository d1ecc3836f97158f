import SettleTestSupport
import Testing
import TileCounter

@Suite("LayerCountInput", .watched)
struct LayerCountInputTests {
  @Test(arguments: [
    ("3", LayerCountInput.layers(3)),
    ("+3", .layers(3)),
    ("003", .layers(3)),
    (" 7 ", .layers(7)),
    ("\t\n42\r\n", .layers(42)),
    ("\u{00A0}\u{3000}5\u{2028}", .layers(5)),
    ("0", .layers(0)),
    ("-0", .layers(0)),
    ("1000", .layers(1000)),
    ("", .empty),
    ("   ", .empty),
    ("\n\t\u{0085}", .empty),
    ("3.5", .invalid),
    ("1,000", .invalid),
    ("3 0", .invalid),
    ("0x10", .invalid),
    ("1001", .invalid),
    ("-1", .invalid),
    ("+", .invalid),
    ("٣", .invalid),
    ("３", .invalid),
    ("99999999999999999999999", .invalid),
    ("3\u{0301}", .invalid),
    ("\u{200B}3", .invalid),
  ])
  func readsTheIssuesExamples(text: String, expected: LayerCountInput) {
    #expect(LayerCountInput(parsing: text) == expected)
  }

  @Test func theMaximumIsConfigurable() {
    #expect(LayerCountInput(parsing: "1001", maximumLayers: 5000) == .layers(1001))
    #expect(LayerCountInput(parsing: "5001", maximumLayers: 5000) == .invalid)
    #expect(LayerCountInput(parsing: "0", maximumLayers: 0) == .layers(0))
    #expect(LayerCountInput(parsing: "1", maximumLayers: 0) == .invalid)
  }

  /// Random strings of digits, signs, spaces, punctuation, Unicode digits and whitespace, and
  /// huge numbers: the parser agrees with a reference written straight from the rules.
  @Test(arguments: [1000, 0, 7, 5000, Int.max])
  func agreesWithTheReferenceOnRandomStrings(maximum: Int) {
    var generator = SplitMix64(seed: 0x5E77_1E00 &+ UInt64(truncatingIfNeeded: maximum))
    var seen: [String: Int] = ["empty": 0, "invalid": 0, "layers": 0]
    for _ in 0..<20_000 {
      let text = RandomLayerText.make(using: &generator)
      let expected = Self.reference(text, maximum: maximum)
      let actual = LayerCountInput(parsing: text, maximumLayers: maximum)
      #expect(actual == expected, "\(text.debugDescription)")
      switch expected {
      case .empty: seen["empty", default: 0] += 1
      case .invalid: seen["invalid", default: 0] += 1
      case .layers: seen["layers", default: 0] += 1
      }
    }
    // The generator must exercise every outcome, or agreement would prove little.
    #expect(seen.values.allSatisfy { $0 > 20 }, "\(seen)")
  }

  /// Unicode's White_Space list (PropList.txt), spelled out rather than asked of the
  /// standard library, so the reference does not share the parser's source of truth.
  /// Zero-width space U+200B is not in it (Foundation's CharacterSet trims it; Unicode doesn't).
  static let whitespace: Set<Unicode.Scalar> = Set(
    [
      0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000,
    ]
    .map { Unicode.Scalar(UInt32($0))! } + (0x2000...0x200A).map { Unicode.Scalar(UInt32($0))! }
  )

  /// The rules, read literally: trim the listed whitespace, then a sign and ASCII digits
  /// checked by hand, and the range compared as decimal strings so huge numbers need no Int.
  static func reference(_ text: String, maximum: Int) -> LayerCountInput {
    var scalars = text.unicodeScalars[...]
    while let first = scalars.first, whitespace.contains(first) { scalars.removeFirst() }
    while let last = scalars.last, whitespace.contains(last) { scalars.removeLast() }
    if scalars.isEmpty { return .empty }
    var negative = false
    if let sign = scalars.first, sign == "+" || sign == "-" {
      negative = sign == "-"
      scalars = scalars.dropFirst()
    }
    guard !scalars.isEmpty, scalars.allSatisfy({ ("0"..."9").contains($0) }) else {
      return .invalid
    }
    let digits = String(String.UnicodeScalarView(scalars)).drop { $0 == "0" }
    if digits.isEmpty { return .layers(0) }
    if negative { return .invalid }
    let limit = String(maximum)
    if digits.count > limit.count || (digits.count == limit.count && digits > limit) {
      return .invalid
    }
    return .layers(Int(digits)!)
  }
}
