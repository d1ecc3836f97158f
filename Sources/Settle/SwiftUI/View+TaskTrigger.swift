#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    /// Runs `action` each time `trigger` is set, cancelling and restarting it for a newer
    /// request, and resets the trigger when the run ends.
    ///
    /// The modifier is a thin layer over `.task(id:priority:_:)`: the run the trigger requests
    /// is the task's id, so SwiftUI cancels the old task and starts a new one whenever the
    /// trigger requests another run, and cancels it when the view disappears. The decisions
    /// come from Settle's tested core, the same one ``TaskTriggerRunner`` uses:
    /// - The run captures the value it was started with. A run superseded before its task
    ///   gets to start never calls the action.
    /// - When the action returns, normally or cancelled, the trigger follows the reset rule
    ///   stated on ``TaskTrigger``, so a superseded run ending late never wipes out a newer
    ///   request; a reset (state ``TaskTrigger/State/none``) runs nothing.
    /// - When the view disappears, a running request is reset at once, so the view coming
    ///   back does not re-run it, even if its action ignores cancellation. A request set while
    ///   the view is away runs when it appears.
    ///
    /// Thread rules: set the trigger on the main actor; the action runs on the main actor.
    ///
    /// <!-- sample: swiftui -->
    /// ```swift
    /// struct PageList: View {
    ///   @State private var load = TaskTrigger<Int>()
    ///   let pages = [1, 2, 3]
    ///   let model: PageStore
    ///
    ///   var body: some View {
    ///     List(pages, id: \.self) { page in
    ///       Button("Page \(page)") { load.trigger(value: page) }
    ///     }
    ///     .task($load) { page in await model.load(page: page) }  // a newer page cancels it
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - trigger: The trigger the view owns, as a binding, so the modifier can reset it.
    ///   - priority: The priority of each run's task.
    ///   - action: The work for one request; check for cancellation before publishing.
    public func task<Value: Equatable & Sendable>(
      _ trigger: Binding<TaskTrigger<Value>>,
      priority: TaskPriority = .userInitiated,
      _ action: @escaping @MainActor @Sendable (Value) async -> Void
    ) -> some View {
      modifier(TaskTriggerModifier(trigger: trigger, priority: priority, action: action))
    }

    /// Runs `action` each time the plain `trigger` is set; the guarantees are those of the
    /// value-carrying `task(_:priority:_:)`.
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
    public func task(
      _ trigger: Binding<PlainTaskTrigger>,
      priority: TaskPriority = .userInitiated,
      _ action: @escaping @MainActor @Sendable () async -> Void
    ) -> some View {
      task(trigger, priority: priority) { (_: Bool) in await action() }
    }
  }

  /// SwiftUI's part of the modifier: the binding, `.task(id:)` and `onDisappear`, each mapped
  /// to an event of ``TriggerModifierStorage``, which applies ``TriggerStateMachine``.
  private struct TaskTriggerModifier<Value: Equatable & Sendable>: ViewModifier {
    let trigger: Binding<TaskTrigger<Value>>
    let priority: TaskPriority
    let action: @MainActor @Sendable (Value) async -> Void
    @State private var storage = TriggerModifierStorage<Value>()

    func body(content: Content) -> some View {
      // Captured here, so the run receives the request that started it, not a later one; as
      // the task's id, it restarts the task whenever the trigger requests another run.
      let run = TriggerModifierStorage<Value>.Run(requestedBy: trigger.wrappedValue)
      let trigger = trigger
      let action = action
      let storage = storage
      content
        .task(id: run, priority: priority) { @MainActor in
          guard storage.taskStarted(for: run, trigger: trigger.wrappedValue), let run else {
            return
          }
          await action(run.value)
          if let reset = storage.runReturned(run, trigger: trigger.wrappedValue) {
            trigger.wrappedValue = reset
          }
        }
        .onDisappear {
          if let reset = storage.disappeared(trigger: trigger.wrappedValue) {
            trigger.wrappedValue = reset
          }
        }
    }
  }
#endif
