#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A trigger that carries no value of its own: "run the work again".
///
/// <!-- sample: skip (SwiftUI does not exist on Linux, where the docs are built) -->
/// ```swift
/// @State private var refresh = PlainTaskTrigger()
/// // …
/// Button("Refresh") { refresh.trigger() }
///   .task($refresh) { await feed.refresh() }
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
