#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Runs `action` with the newest value once `value` has stopped changing for `interval`.
    ///
    /// The debounce every search field needs, without a hand-made `Task`:
    ///
    /// <!-- sample: swiftui -->
    /// ```swift
    /// struct SearchField: View {
    ///   @State private var query = ""
    ///   let model: SearchModel  // your view model, on the main actor
    ///
    ///   var body: some View {
    ///     TextField("Search", text: $query)
    ///       .onChange(of: query, debounce: .milliseconds(300)) { query in
    ///         model.search(query)  // once typing pauses for 300 ms
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// Guarantees are those of ``Debouncer``: a burst of changes runs `action` once, with the last
    /// value, `interval` after the last change. By default the pending run is cancelled when the
    /// view disappears, so an action never runs for a screen that is gone; pass `onDisappear:
    /// .runPending` to run it then instead, as an autosave must (see ``PendingValuePolicy``),
    /// `onBackground: .runPending` to run it when the scene enters the background, before iOS
    /// suspends the app (see ``BackgroundPolicy``), and a ``DebounceControl`` as `control` to flush
    /// or cancel it from the view, on Return or Escape. `action` runs on the main actor, and a run
    /// calls the closure from the view's latest update, so it sees what the view captured most
    /// recently. `interval`, `options` and the two policies are read once, when the first change
    /// arrives; a view that needs new ones can give the modifier a new identity (`.id(_:)`).
    ///
    /// - Parameters:
    ///   - value: The value to watch; each change (by `==`) restarts the quiet period.
    ///   - interval: The quiet period; not negative.
    ///   - onDisappear: What happens to a pending value when the view disappears: dropped
    ///     (the default) or run at once.
    ///   - onBackground: What happens to a pending value when the scene enters the
    ///     background: it waits (the default) or runs at once, under a background-task
    ///     assertion (see ``BackgroundPolicy``).
    ///   - control: A handle the view keeps to flush or cancel the pending value.
    ///   - initial: Whether the value the view appears with counts as a change.
    ///   - action: Called with the newest value.
    public func onChange<Value: Equatable & Sendable>(
      of value: Value,
      debounce interval: Duration,
      onDisappear: PendingValuePolicy = .cancelPending,
      onBackground: BackgroundPolicy = .keepPending,
      control: DebounceControl? = nil,
      initial: Bool = false,
      _ action: @escaping @MainActor @Sendable (Value) -> Void
    ) -> some View {
      onChange(
        of: value, debounce: interval, options: .trailing, onDisappear: onDisappear,
        onBackground: onBackground, control: control, initial: initial, action)
    }

    /// Runs `action` for changes of `value` with the edges and `maxWait` of `options`.
    ///
    /// The same as `onChange(of:debounce:onDisappear:onBackground:control:initial:_:)` with
    /// ``DebounceOptions``: `leading: true` runs the first change of a burst at once, `maxWait`
    /// bounds how long continuous typing can delay the action.
    ///
    /// <!-- sample: swiftui -->
    /// ```swift
    /// struct SearchField: View {
    ///   @State private var query = ""
    ///   let model: SearchModel
    ///
    ///   var body: some View {
    ///     TextField("Search", text: $query)
    ///       .onChange(
    ///         of: query, debounce: .milliseconds(300),
    ///         options: DebounceOptions(maxWait: .seconds(1))  // search at least once a second
    ///       ) { query in model.search(query) }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value to watch.
    ///   - interval: The quiet period; not negative.
    ///   - options: Edges and `maxWait`.
    ///   - onDisappear: What happens to a pending value when the view disappears: dropped
    ///     (the default) or run at once.
    ///   - onBackground: What happens to a pending value when the scene enters the
    ///     background: it waits (the default) or runs at once, under a background-task
    ///     assertion (see ``BackgroundPolicy``).
    ///   - control: A handle the view keeps to flush or cancel the pending value.
    ///   - initial: Whether the value the view appears with counts as a change.
    ///   - action: Called with the value of each run, on the main actor.
    public func onChange<Value: Equatable & Sendable>(
      of value: Value,
      debounce interval: Duration,
      options: DebounceOptions,
      onDisappear: PendingValuePolicy = .cancelPending,
      onBackground: BackgroundPolicy = .keepPending,
      control: DebounceControl? = nil,
      initial: Bool = false,
      _ action: @escaping @MainActor @Sendable (Value) -> Void
    ) -> some View {
      modifier(
        DebouncedChangeModifier(
          value: value, interval: interval, options: options, onDisappear: onDisappear,
          onBackground: onBackground, control: control, initial: initial, action: action))
    }
  }

  /// Forwards SwiftUI's callbacks to a ``DebouncedChange``, which decides everything.
  private struct DebouncedChangeModifier<Value: Equatable & Sendable>: ViewModifier {
    let value: Value
    let interval: Duration
    let options: DebounceOptions
    let onDisappear: PendingValuePolicy
    let onBackground: BackgroundPolicy
    let control: DebounceControl?
    let initial: Bool
    let action: @MainActor @Sendable (Value) -> Void
    @State private var change: DebouncedChange<Value>?

    func body(content: Content) -> some View {
      // The debouncer outlives this body; handing it the newest closure on every update keeps
      // a run from calling one that captured an older state of the view.
      change?.update(action: action)
      return
        content
        .onChange(of: value, initial: initial) { _, newValue in
          // Made on the first change rather than on appear: SwiftUI does not promise whether
          // an initial change or onAppear comes first.
          let current =
            change
            ?? DebouncedChange(
              interval: interval, options: options, onDisappear: onDisappear,
              onBackground: onBackground)
          change = current
          current.update(action: action)
          current.changed(to: newValue, control: control)
        }
        .onDisappear {
          change?.disappeared(control: control)
        }
        .background {
          // Beside the content, so the policy never changes the content's identity; absent
          // for `.keepPending`, so a plain debounced change reads no scene phase. The core
          // decides by the policy it was made with.
          if onBackground == .runPending {
            EnteringBackgroundWatcher {
              change?.enteredBackground(using: BackgroundFlush())
            }
          }
        }
    }
  }
#endif
