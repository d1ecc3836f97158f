/// One evaluation of a view's body after a change.
public struct Recompute: Codable, Equatable, Sendable {
  /// The view's name.
  public let view: String
  /// Where the value that caused it lives.
  public let cause: RecomputeCause

  /// Creates a record of `view` being evaluated for `cause`.
  public init(view: String, cause: RecomputeCause) {
    self.view = view
    self.cause = cause
  }
}
