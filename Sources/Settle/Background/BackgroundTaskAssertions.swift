#if canImport(UIKit) && !os(watchOS)
  import UIKit
#endif

/// The system's permission to keep running for a while after the app leaves the foreground:
/// `UIApplication`'s background tasks where they exist, none elsewhere (a Mac app is not
/// suspended, and a watch app gets no such assertion). Injected into ``BackgroundFlush`` so
/// that the Linux tests drive every decision with a stand-in.
@MainActor
package protocol BackgroundTaskAssertions {
  /// Begins an assertion named `name` and returns its identifier, or `nil` when the system
  /// grants none. `expired` is called on the main actor when the system's time runs out
  /// first; the assertion must then be ended at once.
  func begin(name: String, expired: @escaping @MainActor @Sendable () -> Void) -> Int?
  /// Ends the assertion `identifier`; called exactly once for each one begun.
  func end(_ identifier: Int)
}

/// The platform's assertions: `UIApplication.beginBackgroundTask` on iOS, tvOS and visionOS;
/// none elsewhere.
@MainActor
package struct SystemBackgroundTaskAssertions: BackgroundTaskAssertions {
  package init() {}

  package func begin(name: String, expired: @escaping @MainActor @Sendable () -> Void) -> Int? {
    #if canImport(UIKit) && !os(watchOS)
      let identifier = UIApplication.shared.beginBackgroundTask(withName: name) {
        // UIKit calls this on the main thread.
        MainActor.assumeIsolated { expired() }
      }
      return identifier == .invalid ? nil : identifier.rawValue
    #else
      return nil
    #endif
  }

  package func end(_ identifier: Int) {
    #if canImport(UIKit) && !os(watchOS)
      UIApplication.shared.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: identifier))
    #endif
  }
}
