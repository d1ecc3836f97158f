/// What `flushOnBackground(_:)` and `onChange(of:debounce:…, onBackground: .runPending)` do
/// when the scene enters the background, without SwiftUI: run every owner's pending value at
/// once, and hold a background-task assertion until those runs, and any run already under
/// way, have returned, or until the system's time runs out, whichever comes first. The
/// SwiftUI modifiers only forward the scene phase here, so the Linux tests cover every
/// decision.
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
  /// How many assertions are begun and not yet ended.
  private var heldCount = 0

  package init(assertions: any BackgroundTaskAssertions = SystemBackgroundTaskAssertions()) {
    self.assertions = assertions
  }

  /// Whether an assertion is held: for tests.
  package var isHoldingAssertion: Bool { heldCount > 0 }

  /// The scene entered the background: runs the pending value of each of `owners`, all at
  /// once, under one assertion, and returns the task that does it (for tests to await).
  @discardableResult
  package func sceneEnteredBackground(flushing owners: [any Flushable]) -> Task<Void, Never> {
    let assertion = Assertion()
    // Weakly: the task below holds this object until the flush returns, and after that the
    // assertion has ended and an expiration has nothing left to do.
    assertion.identifier = assertions.begin(name: Self.assertionName) { [weak self, assertion] in
      assertion.expired = true
      self?.end(assertion)
    }
    if assertion.identifier != nil {
      heldCount += 1
      // Expired inside `begin`, before the identifier was known: end it now.
      if assertion.expired { end(assertion) }
    }
    return Task { [owners] in
      await withDiscardingTaskGroup { group in
        for owner in owners {
          group.addTask {
            await owner.flush()
            // A run the timer started before the scene left is covered too.
            await owner.waitUntilIdle()
          }
        }
      }
      end(assertion)
    }
  }

  private func end(_ assertion: Assertion) {
    guard let identifier = assertion.identifier, !assertion.ended else { return }
    assertion.ended = true
    heldCount -= 1
    assertions.end(identifier)
  }

  /// One assertion: its identifier once `begin` returns, and whether it expired or ended,
  /// read by whichever of expiration and completion comes first. Kept per flush, not by
  /// identifier, so that an identifier the system reuses cannot end another flush's
  /// assertion.
  @MainActor
  private final class Assertion: Sendable {
    var identifier: Int?
    var expired = false
    var ended = false
  }
}
