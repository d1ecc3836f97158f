#if canImport(SwiftUI)
  import SwiftUI

  /// A view whose content re-renders when a ``Tracked`` property it read changes.
  ///
  /// SwiftUI re-renders a view when its `@State`, its inputs or an `@Observable` model it read
  /// change, because it knows Apple's observation registrar. It does not know Settle's
  /// ``ObservationRegistry``, so a view that reads a `@Tracked` property directly would never
  /// update. Wrap the part of the body that reads tracked models:
  ///
  /// <!-- sample: swiftui -->
  /// ```swift
  /// struct BorrowBadge: View {
  ///   let store: LibraryStore          // a TrackedObject
  ///
  ///   var body: some View {
  ///     WithTracking {
  ///       Text("\(store.borrowedCount) borrowed")
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// How it works: the content is rendered through a ``RenderTracker``; the first change to a
  /// property it read bumps a private `@State` counter on the main actor, which makes SwiftUI
  /// evaluate this body again, and that render re-arms the tracker. Any number of writes
  /// between two renders cost one re-render; writes to properties the content did not read
  /// cost nothing. Only reads made while `content` runs count: reads inside `Button` actions,
  /// `.task` closures or lazily built rows (`List`, `LazyVStack`, `ForEach` content built
  /// later) happen outside it, so wrap those rows' own bodies in `WithTracking` too.
  ///
  /// Owning the model: a ``TrackedObject`` is a plain class, so hold it the way you would hold
  /// any reference in SwiftUI (`@State private var store = LibraryStore()` in the view that
  /// owns it, a plain `let` in the views it is passed to); no `ObservableObject` or
  /// `@Observable` is needed. When SwiftUI discards this view's state, the tracker is released
  /// and disarmed, so a model that outlives the view keeps nothing of it.
  ///
  /// Thread rules: write tracked properties from any thread; the re-render is scheduled on the
  /// main actor.
  public struct WithTracking<Content: View>: View {
    @State private var invalidations = 0
    @State private var tracker = RenderTracker()
    private let content: () -> Content

    /// Creates a view that renders `content` and re-renders it when tracked reads change.
    ///
    /// - Parameter content: The view to track; it runs during this view's body evaluation.
    public init(@ViewBuilder content: @escaping () -> Content) {
      self.content = content
    }

    /// The content, rendered inside a tracking scope.
    public var body: some View {
      // Reading the counter is what makes SwiftUI re-evaluate this body when it is bumped.
      let _ = invalidations
      let bump: @MainActor @Sendable () -> Void = { invalidations &+= 1 }
      tracker.render(content) {
        // The write may come from any thread, in the middle of someone else's update: hop.
        Task { @MainActor in bump() }
      }
    }
  }
#endif
