/// How many recomputes a run of changes caused, per cause.
public struct CauseCounts: Codable, Equatable, Sendable {
  /// Recomputes caused by a view's own state.
  public var local = 0
  /// Recomputes caused by an ancestor's state.
  public var parent = 0
  /// Recomputes caused by a tracked model.
  public var observation = 0
  /// Recomputes caused by an environment object.
  public var environment = 0

  /// Counts every recompute of `reports`.
  public init(_ reports: [ChangeReport]) {
    for recompute in reports.flatMap(\.recomputed) {
      switch recompute.cause {
      case .local: local += 1
      case .parent: parent += 1
      case .observation: observation += 1
      case .environment: environment += 1
      }
    }
  }

  /// Every recompute, whatever its cause.
  public var total: Int { local + parent + observation + environment }
}
