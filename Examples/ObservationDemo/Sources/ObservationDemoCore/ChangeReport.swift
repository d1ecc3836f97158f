/// What one change did to a ``ViewTree``: the views it recomputed, in evaluation order, and
/// the views it skipped, in tree order.
public struct ChangeReport: Codable, Equatable, Sendable {
  /// The change's label, as given to ``ViewTree/change(_:in:_:)``.
  public let change: String
  /// Each body evaluation the change caused, parents before children.
  public let recomputed: [Recompute]
  /// The views whose bodies did not run, in depth-first tree order.
  public let skipped: [String]
}
