/// What `flushOnBackground(_:)` and `onChange(of:debounce:…, onBackground: .runPending)` do
/// when the scene enters the background, without SwiftUI: run every owner's pending value at
/// once, holding a background-task assertion until all those runs have returned, or until
/// the system's time runs out, whichever comes first. The SwiftUI modifiers only forward the
/// scene phase here, so the Linux tests cover every decision.
///
/// Each entry into the background is handled on its own: entering again while a flush is
/// still running begins a second assertion for a second flush. Every assertion begun is ended
/// exactly once, on the main actor: by the flush returning, or by the system's expiration,
/// after which the flush's return ends nothing.
@MainActor
package final class BackgroundFlush {
  /// The name the system shows for the assertion, in its logs and in Instruments.
  package static let assertionName = "Settle: running pending values before suspension"

  private let assertions: any BackgroundTaskAssertions
  /// The assertions begun and not yet ended.
  private var held: Set<Int> = []

  package init(assertions: any BackgroundTaskAssertions = SystemBackgroundTaskAssertions()) {
    self.assertions = assertions
  }

  /// Whether an assertion is held: for tests.
  package var isHoldingAssertion: Bool { !held.isEmpty }

  /// The scene entered the background: runs the pending value of each of `owners`, all at
  /// once, under one assertion, and returns the task that does it (for tests to await).
  @discardableResult
  package func sceneEnteredBackground(flushing owners: [any Flushable]) -> Task<Void, Never> {
    let identifier = AssertionIdentifier()
    let value = assertions.begin(name: Self.assertionName) { [weak self, identifier] in
      identifier.expired = true
      self?.end(identifier)
    }
    identifier.value = value
    if let value {
      held.insert(value)
      // Expired inside `begin`, before the identifier was known: end it now.
      if identifier.expired { end(identifier) }
    }
    return Task { [owners] in
      await withDiscardingTaskGroup { group in
        for owner in owners {
          group.addTask { await owner.flush() }
        }
      }
      end(identifier)
    }
  }

  private func end(_ identifier: AssertionIdentifier) {
    guard let value = identifier.value, held.remove(value) != nil else { return }
    assertions.end(value)
  }

  /// Filled in once `begin` returns; read by whichever of expiration and completion comes
  /// first.
  @MainActor
  private final class AssertionIdentifier: Sendable {
    var value: Int?
    var expired = false
  }
}
