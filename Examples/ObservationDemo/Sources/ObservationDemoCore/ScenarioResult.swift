/// The reports of one scenario's changes and their counts.
public struct ScenarioResult: Codable, Equatable, Sendable {
  /// The scenario's title.
  public let title: String
  /// One report per change, in order.
  public let changes: [ChangeReport]
  /// The recomputes of every change, per cause.
  public let counts: CauseCounts

  /// Collects `changes` under `title` and counts them.
  public init(title: String, changes: [ChangeReport]) {
    self.title = title
    self.changes = changes
    counts = CauseCounts(changes)
  }
}
