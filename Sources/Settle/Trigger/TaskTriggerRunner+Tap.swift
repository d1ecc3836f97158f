#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension TaskTriggerRunner {
  /// Applies a button tap with `behavior` to this runner.
  package func tap(_ behavior: TaskTriggerButtonBehavior, value: Value, id: UUID = UUID()) {
    switch behavior.response(toTapWhileActive: state != .none) {
    case .start: trigger(value: value, id: id)
    case .cancel: cancel()
    case .ignore: break
    }
  }
}
