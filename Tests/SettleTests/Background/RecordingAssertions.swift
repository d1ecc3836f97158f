import Settle

/// A stand-in for UIKit's background tasks: numbers the assertions it grants, logs each begin
/// and end, and lets a test expire one as the system would.
@MainActor
final class RecordingAssertions: BackgroundTaskAssertions {
  private(set) var log: [String] = []
  private var expirations: [Int: @MainActor @Sendable () -> Void] = [:]
  private var next = 1
  /// Whether `begin` grants an assertion; the system may refuse.
  var grants = true
  /// Whether the system's time runs out inside `begin` itself.
  var expiresAtOnce = false

  func begin(name: String, expired: @escaping @MainActor @Sendable () -> Void) -> Int? {
    guard grants else {
      log.append("refused")
      return nil
    }
    let identifier = next
    next += 1
    log.append("begin \(identifier)")
    expirations[identifier] = expired
    if expiresAtOnce { expired() }
    return identifier
  }

  func end(_ identifier: Int) {
    log.append("end \(identifier)")
  }

  /// The system's time for `identifier` ran out.
  func expire(_ identifier: Int) {
    expirations[identifier]?()
  }

  /// Appends an event of the test's own, to order it against begins and ends.
  func note(_ event: String) {
    log.append(event)
  }
}
