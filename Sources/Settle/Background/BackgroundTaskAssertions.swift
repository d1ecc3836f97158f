#if canImport(UIKit) && !os(watchOS)
  import UIKit
#endif

/// The system's permission to keep running for a while after the app leaves the foreground:
/// `UIApplication`'s background tasks where they exist, none elsewhere (a Mac app is not
/// suspended, a watch app gets no such assertion, and an app extension has no
/// `UIApplication`). Injected into ``BackgroundFlush`` so
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
      guard let application = Self.application else { return nil }
      let identifier = application.beginBackgroundTask(withName: name) {
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
      Self.application?.endBackgroundTask(UIBackgroundTaskIdentifier(rawValue: identifier))
    #endif
  }

  #if canImport(UIKit) && !os(watchOS)
    /// The app's `UIApplication`, looked up at run time: `UIApplication.shared` is unavailable
    /// to app extensions, and naming it would stop Settle from building into one. In an
    /// extension this is `nil`, and values run with no assertion.
    private static var application: UIApplication? {
      (UIApplication.self as AnyObject).value(forKey: "sharedApplication") as? UIApplication
    }
  #endif
}
