extension ScopeList {
  /// For tests: how many scopes are armed here.
  package var count: Int { scopes.count }
}
