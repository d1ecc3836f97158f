/// A handle that lets a view flush or cancel the value its `onChange(of:debounce:)` is
/// waiting to run: run the search now on Return, drop it on Escape.
///
/// Create one per debounced change, keep it in the view's state, and pass it to the modifier
/// as `control:`; the modifier attaches its debouncer while the view is on screen. Calls made
/// while nothing is attached (before the first change, after the view disappeared) do
/// nothing.
///
/// <!-- sample: swiftui -->
/// ```swift
/// struct SearchField: View {
///   @State private var query = ""
///   @State private var search = DebounceControl()
///   let model: SearchModel
///
///   var body: some View {
///     TextField("Search", text: $query)
///       .onSubmit { search.flush() }  // Return: search now
///       .onKeyPress(.escape) {
///         search.cancel()  // Escape: never mind
///         return .handled
///       }
///       .onChange(of: query, debounce: .milliseconds(300), control: search) { query in
///         model.search(query)
///       }
///   }
/// }
/// ```
///
/// Main-actor isolated, like the view that owns it, and so `Sendable`.
@MainActor
public final class DebounceControl {
  private var attached: (any ControllableDebounce)?

  /// Creates a handle with nothing attached.
  public init() {}

  /// Runs the pending value now, as `Debouncer.flush()` does, without waiting for it: the
  /// action starts on the main actor's next turn. Does nothing when no value waits.
  public func flush() { attached?.startFlush() }

  /// Drops the pending value and cancels a running action, as `Debouncer.cancel()` does.
  public func cancel() { attached?.cancel() }

  /// Whether a value waits to run.
  public var isPending: Bool { attached?.isPending ?? false }

  /// Attaches the debouncer of the modifier that received this handle.
  package func attach(_ debouncer: some ControllableDebounce) {
    attached = debouncer
  }

  /// Lets the debouncer go, when its view disappears.
  package func detach() {
    attached = nil
  }
}
