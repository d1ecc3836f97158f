#if canImport(SwiftUI)
  import SwiftUI

  /// Calls `action` when the view's scene enters the background. The one place that reads the
  /// scene phase, applied only where a background policy asks for it, so that other views do
  /// not update on every phase change.
  struct EnteringBackgroundModifier: ViewModifier {
    let action: @MainActor () -> Void
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
      content.onChange(of: scenePhase) { _, phase in
        if phase == .background { action() }
      }
    }
  }
#endif
