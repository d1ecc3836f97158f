#if canImport(SwiftUI)
  import SwiftUI

  /// A button that runs async work, with a chosen ``TaskTriggerButtonBehavior`` for taps
  /// while the work runs, and an optional placeholder shown meanwhile.
  ///
  /// The button owns a ``PlainTaskTrigger`` and runs its action through the trigger's
  /// `task(_:priority:_:)` modifier; what a tap does is
  /// decided by ``TaskTriggerButtonBehavior``, which is tested without SwiftUI. The work is
  /// cancelled when the button disappears.
  ///
  /// <!-- sample: swiftui -->
  /// ```swift
  /// struct ExportButton: View {
  ///   let export: Transfer
  ///
  ///   var body: some View {
  ///     TaskTriggerButton(behavior: .cancellable) {
  ///       await export.start()
  ///     } label: {
  ///       Label("Export", systemImage: "square.and.arrow.up")
  ///     } placeholder: {
  ///       ProgressView()  // shown while the export runs; a tap cancels it
  ///     }
  ///   }
  /// }
  /// ```
  public struct TaskTriggerButton<Label: View, Placeholder: View>: View {
    private let behavior: TaskTriggerButtonBehavior
    private let priority: TaskPriority
    private let action: @MainActor @Sendable () async -> Void
    private let label: Label
    private let placeholder: Placeholder?
    @State private var trigger = PlainTaskTrigger()

    /// Creates a button that shows `placeholder` instead of `label` while the work runs.
    ///
    /// - Parameters:
    ///   - behavior: What a tap does while the work runs; `.blocking` ignores it.
    ///   - priority: The priority of the work's task.
    ///   - action: The work; it runs on the main actor and is cancelled by `.cancellable` and
    ///     `.restart` taps and when the button disappears.
    ///   - label: What the button shows while idle.
    ///   - placeholder: What the button shows while the work runs.
    public init(
      behavior: TaskTriggerButtonBehavior = .blocking,
      priority: TaskPriority = .userInitiated,
      action: @escaping @MainActor @Sendable () async -> Void,
      @ViewBuilder label: () -> Label,
      @ViewBuilder placeholder: () -> Placeholder
    ) {
      self.behavior = behavior
      self.priority = priority
      self.action = action
      self.label = label()
      self.placeholder = placeholder()
    }

    /// The button, and the task that runs its work.
    public var body: some View {
      Button {
        trigger.tap(behavior, value: true)
      } label: {
        if let placeholder, trigger.state != .none {
          placeholder
        } else {
          label
        }
      }
      .task($trigger, priority: priority) { await action() }
    }
  }

  extension TaskTriggerButton where Placeholder == EmptyView {
    /// Creates a button that keeps showing `label` while the work runs.
    ///
    /// - Parameters:
    ///   - behavior: What a tap does while the work runs; `.blocking` ignores it.
    ///   - priority: The priority of the work's task.
    ///   - action: The work; it runs on the main actor and is cancelled by `.cancellable` and
    ///     `.restart` taps and when the button disappears.
    ///   - label: What the button shows.
    public init(
      behavior: TaskTriggerButtonBehavior = .blocking,
      priority: TaskPriority = .userInitiated,
      action: @escaping @MainActor @Sendable () async -> Void,
      @ViewBuilder label: () -> Label
    ) {
      self.behavior = behavior
      self.priority = priority
      self.action = action
      self.label = label()
      self.placeholder = nil
    }
  }
#endif
