import Foundation

extension DemoResults {
  /// The results as pretty-printed JSON with sorted keys, for scripts.
  public var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain Codable structs of strings and integers cannot fail.
    let data = try! encoder.encode(self)
    return String(decoding: data, as: UTF8.self)
  }
}
