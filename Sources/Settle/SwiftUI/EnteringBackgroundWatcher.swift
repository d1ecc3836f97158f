#if canImport(SwiftUI)
  import SwiftUI

  /// An empty view that calls `action` when its scene enters the background. The one place
  /// that reads the scene phase. It goes in a `.background` of the view that asks for a
  /// background policy, beside that view's content rather than around it: applying it or not
  /// never changes the content's identity, and only this empty view updates on each phase
  /// change.
  struct EnteringBackgroundWatcher: View {
    let action: @MainActor () -> Void
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
      Color.clear.onChange(of: scenePhase) { _, phase in
        if phase == .background { action() }
      }
    }
  }
#endif
