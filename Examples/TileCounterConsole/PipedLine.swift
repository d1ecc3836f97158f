/// The line `tile-counter` prints for a status when its input is not a terminal.
public enum PipedLine: Sendable {
  /// The status, followed by `Total tiles: N` when there is a total.
  ///
  /// ```swift
  /// PipedLine.text(status: "Calculated for 3 layers.", result: 14)
  /// // "Calculated for 3 layers. Total tiles: 14"
  /// ```
  public static func text(status: String, result: Int?) -> String {
    guard let result else { return status }
    return "\(status) Total tiles: \(result)"
  }
}
