#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Runs the pending values of `owners` when this view's scene enters the background,
    /// holding a background-task assertion on iOS, tvOS and visionOS until those runs return.
    ///
    /// For owners an app keeps in its models, such as an autosave, whose last edit would
    /// otherwise wait for a timer that a suspended app never reaches:
    ///
    /// <!-- sample: swiftui -->
    /// ```swift
    /// @MainActor final class NoteModel {
    ///   var text = ""
    ///   let autosave = Debouncer<String, ContinuousClock>(for: .seconds(2)) { text in
    ///     print("saved", text)  // stands for writing the note to disk
    ///   }
    /// }
    ///
    /// struct NoteEditor: View {
    ///   @State private var text = ""
    ///   let model: NoteModel
    ///
    ///   var body: some View {
    ///     TextEditor(text: $text)
    ///       .onChange(of: text) { _, text in model.autosave.send(text) }
    ///       .flushOnBackground(model.autosave)  // the last edit is saved before suspension
    ///   }
    /// }
    /// ```
    ///
    /// When the scene phase becomes `.background`, every owner's `flush()` starts at once,
    /// side by side. An assertion (`UIApplication.beginBackgroundTask`) is held until those
    /// runs, and any run already under way, have returned, or until the system's time runs
    /// out, when it is ended at once; each assertion is ended exactly once. An owner with
    /// nothing pending or running returns at once. A scene that never reaches `.background`
    /// (the app ended from the app switcher while `.inactive`) runs nothing: pair this with
    /// `onRelease: .runPending` where the owner's release can still save.
    /// macOS does not suspend a backgrounded app and watchOS grants no such assertion: there
    /// the values run with none. For a debounced view value, `onChange(of:debounce:…)` takes
    /// `onBackground: .runPending` instead (see ``BackgroundPolicy``).
    ///
    /// - Parameter owners: The owners to flush: any ``Flushable``, such as a ``Debouncer``,
    ///   a ``Throttler`` or a keyed owner.
    public func flushOnBackground(_ owners: any Flushable...) -> some View {
      background {
        EnteringBackgroundWatcher {
          // A core per entry: its task keeps it until the flush returns.
          BackgroundFlush().sceneEnteredBackground(flushing: owners)
        }
      }
    }
  }
#endif
