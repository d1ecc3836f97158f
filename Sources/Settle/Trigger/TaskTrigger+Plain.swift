#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A trigger that carries no value of its own: "run the work again".
///
/// <!-- sample: swiftui -->
/// ```swift
/// struct FeedView: View {
///   @State private var refresh = PlainTaskTrigger()
///   let feed: Feed
///
///   var body: some View {
///     Button("Refresh") { refresh.trigger() }  // a second tap restarts the refresh
///       .task($refresh) { await feed.refresh() }
///   }
/// }
/// ```
public typealias PlainTaskTrigger = TaskTrigger<Bool>

extension TaskTrigger where Value == Bool {
  /// Requests a run; a fresh id (the default) restarts work that is already running.
  ///
  /// - Parameter id: Pass the same id again to leave a running request alone.
  public mutating func trigger(id: UUID = UUID()) {
    trigger(value: true, id: id)
  }
}
