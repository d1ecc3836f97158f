/// A performance goal from the issue, and how to decide whether a result meets it.
struct Target: Sendable {
  let description: String
  let isMet: @Sendable (_ settle: Summary, _ ratio: Double?) -> Bool

  /// Settle's median over the baseline's median must be at most `limit`.
  static func ratio(atMost limit: Double, _ description: String? = nil) -> Target {
    Target(description: description ?? "ratio ≤ \(limit)") { _, ratio in
      guard let ratio else { return false }
      return ratio <= limit
    }
  }

  /// Settle's median must be at most `limit`, in the case's unit.
  static func value(atMost limit: Double, _ description: String) -> Target {
    Target(description: description) { settle, _ in settle.median <= limit }
  }

  /// Only reported; there is no bound to meet.
  static func report(_ description: String = "report") -> Target {
    Target(description: description) { _, _ in true }
  }
}
