/// A run's value, as ``TimedMachineWorld`` checks it.
protocol ExploredRunValue: Sendable, CustomStringConvertible {
  /// The values sent that the run receives, oldest first.
  var sentValues: [Int] { get }
  /// Whether a machine holding such values is plain data: no references, so that its bytes
  /// describe it.
  static var isPlainData: Bool { get }
}

/// The value of a plain machine: the newest value sent.
extension Int: ExploredRunValue {
  var sentValues: [Int] { [self] }
  static var isPlainData: Bool { true }
}

/// The value of a machine with a collecting fold (`Fold.collect`): every value since the
/// previous run.
extension Array: ExploredRunValue where Element == Int {
  var sentValues: [Int] { self }
  static var isPlainData: Bool { false }
}
