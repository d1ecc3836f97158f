import TileCounter

/// libFuzzer's entry point: parses the input with ``LayerCountInput`` and traps when the result
/// differs from ``expectedLayerCount(_:maximum:)``, the rules restated independently.
///
/// The first byte picks `maximumLayers` from ``maximums``; the rest, read as UTF-8 (invalid
/// bytes become U+FFFD), is the field's text. Runs on libFuzzer's thread only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayerCountInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = UnsafeBufferPointer(start: data, count: size)
  guard let selector = bytes.first else { return 0 }
  let maximum = maximums[Int(selector) % maximums.count]
  let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
  let actual = LayerCountInput(parsing: text, maximumLayers: maximum)
  let expected = expectedLayerCount(text, maximum: maximum)
  if actual != expected {
    fatalError(
      "LayerCountInput(parsing: \(text.debugDescription), maximumLayers: \(maximum)) is "
        + "\(actual); the rules say \(expected).")
  }
  return 0
}

/// Limits worth crossing: zero, one digit, the default, and the edges of `Int`.
private let maximums = [0, 1, 7, 9, 10, 999, 1000, 5000, Int.max - 1, Int.max]

/// Unicode's `White_Space` property (PropList.txt), listed by code point.
private let whitespace: [ClosedRange<UInt32>] = [
  0x09...0x0D, 0x20...0x20, 0x85...0x85, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
  0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000,
]

/// The rules from `LayerCountInput`'s documentation, by hand: trim `White_Space`, an
/// optional sign, ASCII digits only, accumulated with an early stop past `maximum`.
private func expectedLayerCount(_ text: String, maximum: Int) -> LayerCountInput {
  let isSpace = { (s: Unicode.Scalar) in whitespace.contains { $0.contains(s.value) } }
  var rest = Substring(text).unicodeScalars.drop(while: isSpace)
  while let last = rest.last, isSpace(last) { rest.removeLast() }
  guard let first = rest.first else { return .empty }
  let negative = first == "-"
  if first == "-" || first == "+" { rest.removeFirst() }
  guard !rest.isEmpty else { return .invalid }
  var value = 0
  for scalar in rest {
    guard (48...57).contains(scalar.value) else { return .invalid }
    let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
    let (sum, overflow2) = times10.addingReportingOverflow(Int(scalar.value) - 48)
    // Past `maximum` the text is invalid whatever follows, so huge numbers need no big integers.
    if overflow || overflow2 || sum > maximum { return .invalid }
    value = sum
  }
  return negative && value != 0 ? .invalid : .layers(value)
}
