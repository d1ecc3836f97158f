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
  private var flushAttached: (() -> Void)?
  private var cancelAttached: (() -> Void)?
  private var isPendingAttached: (() -> Bool)?

  /// Creates a handle with nothing attached.
  public init() {}

  /// Runs the pending value now, as `Debouncer.flush()` does, without waiting for it: the
  /// action starts on the main actor's next turn. Does nothing when no value waits.
  public func flush() { flushAttached?() }

  /// Drops the pending value and cancels a running action, as `Debouncer.cancel()` does.
  public func cancel() { cancelAttached?() }

  /// Whether a value waits to run.
  public var isPending: Bool { isPendingAttached?() ?? false }

  /// Attaches the debouncer of the modifier that received this handle.
  package func attach<Value: Sendable, C: Clock>(_ debouncer: Debouncer<Value, C>) {
    flushAttached = { debouncer.startFlush() }
    cancelAttached = { debouncer.cancel() }
    isPendingAttached = { debouncer.isPending }
  }

  /// Lets the debouncer go, when its view disappears.
  package func detach() {
    flushAttached = nil
    cancelAttached = nil
    isPendingAttached = nil
  }
}
