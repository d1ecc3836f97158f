#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaskTrigger {
  /// Applies a button tap with `behavior` to this trigger.
  ///
  /// The only place a tap's response becomes a trigger or a cancel: `TaskTriggerButton` calls
  /// it on its own trigger, and ``TriggerStateMachine/tap(_:value:id:)`` on the machine's.
  package mutating func tap(
    _ behavior: TaskTriggerButtonBehavior, value: Value, id: UUID = UUID()
  ) {
    switch behavior.response(toTapWhileActive: state != .none) {
    case .start: trigger(value: value, id: id)
    case .cancel: cancel()
    case .ignore: break
    }
  }
}
