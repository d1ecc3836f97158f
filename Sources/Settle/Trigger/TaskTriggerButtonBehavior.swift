/// What a tap on a `TaskTriggerButton` does while its work runs.
///
/// A tap while nothing runs always starts the work. The behaviours differ only for a tap
/// while a run is active. The decision lives here, away from SwiftUI, so that it is the same
/// for the button, for ``TaskTrigger`` and for ``TaskTriggerRunner``, and is tested on every
/// platform.
///
/// <!-- sample: swiftui -->
/// ```swift
/// struct UploadButton: View {
///   let upload: Transfer  // its start() returns early once cancelled
///
///   var body: some View {
///     TaskTriggerButton(behavior: .cancellable) {
///       await upload.start()
///     } label: {
///       Text("Upload")
///     } placeholder: {
///       Text("Cancel upload")  // a tap now cancels the upload
///     }
///   }
/// }
/// ```
public enum TaskTriggerButtonBehavior: Hashable, Sendable {
  /// Taps are ignored while the work runs, so it runs at most once at a time.
  case blocking
  /// A tap while the work runs cancels it; the next tap starts it again.
  case cancellable
  /// A tap while the work runs cancels it and starts it again at once. The cancelled run's
  /// late end does not stop the new one.
  case restart

  /// What a tap does, given whether a run is active.
  package enum TapResponse: Hashable, Sendable {
    /// Request a new run with a fresh id (superseding an active one).
    case start
    /// Withdraw the active request.
    case cancel
    /// Leave everything as it is.
    case ignore
  }

  /// The decision for one tap.
  package func response(toTapWhileActive isActive: Bool) -> TapResponse {
    guard isActive else { return .start }
    switch self {
    case .blocking: return .ignore
    case .cancellable: return .cancel
    case .restart: return .start
    }
  }
}
