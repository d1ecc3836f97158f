/// Why a view's body was evaluated again, classified by where the changed value lives.
public enum RecomputeCause: String, Codable, CaseIterable, Sendable {
  /// The view's own state changed (SwiftUI's `@State` on the view itself).
  case local
  /// State owned by an ancestor changed, read directly or passed down as an input.
  case parent
  /// A property of a tracked model the view read changed.
  case observation
  /// A tracked property of an environment object the view read changed.
  case environment
}
