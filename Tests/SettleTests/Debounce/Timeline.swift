import Foundation
import Testing

/// One timeline from `Documentation/Timelines/timelines.json`: inputs, options and the runs
/// they must produce. The guides' pictures are drawn from the same file, so a picture that
/// disagrees with the behaviour fails ``TimelineReplayTests``.
struct Timeline: Decodable, Sendable, CustomTestStringConvertible {
  /// A value at a time in milliseconds, written `["a", 100]` in the file.
  struct Event: Decodable, Sendable, Equatable, CustomStringConvertible {
    var value: String
    var at: Int

    init(value: String, at: Int) {
      self.value = value
      self.at = at
    }

    init(from decoder: any Decoder) throws {
      var fields = try decoder.unkeyedContainer()
      value = try fields.decode(String.self)
      at = try fields.decode(Int.self)
    }

    var description: String { "\(value)@\(at)" }
  }

  /// The file's top level: the grid step and the timelines.
  struct File: Decodable, Sendable {
    var step: Int
    var timelines: [Timeline]
  }

  var name: String
  var kind: String
  var interval: Int
  var leading: Bool?
  var trailing: Bool?
  var maxWait: Int?
  var end: Int
  var inputs: [Event]
  var runs: [Event]

  var testDescription: String { name }

  /// Every time the replay must stop at: the inputs, the end, the interval and maxWait.
  var times: [Int] {
    inputs.map(\.at) + runs.map(\.at) + [end, interval] + [maxWait].compactMap { $0 }
  }

  /// The shared file, found from this source file so the test needs no resources.
  static func load(filePath: String = #filePath) throws -> File {
    let root = URL(fileURLWithPath: filePath)
      .deletingLastPathComponent()  // Debounce
      .deletingLastPathComponent()  // SettleTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("Documentation/Timelines/timelines.json")
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
  }
}
