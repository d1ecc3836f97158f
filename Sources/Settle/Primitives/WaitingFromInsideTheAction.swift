/// The precondition every owner's `waitUntilIdle()` checks: called from inside the owner's own
/// action, it would wait for that action, which waits for it, for ever. The failure names the
/// caller's line.
///
/// - Parameters:
///   - isRunningAction: Whether the caller runs inside the owner's action.
///   - type: The owner's type name, as the user wrote it (`Debouncer`).
///   - noun: What the user calls one (`debouncer`).
///   - caller: Who should call it instead (`sends values`).
package func preconditionNotWaitingFromInsideTheAction(
  _ isRunningAction: Bool, _ type: @autoclosure () -> String, _ noun: String,
  caller: String = "sends values", file: StaticString = #fileID, line: UInt = #line
) {
  precondition(
    !isRunningAction,
    "\(type()).waitUntilIdle() was called from inside the \(noun)'s own action, which would wait for itself for ever. Call it from the code that \(caller), or do the follow-up work at the end of the action.",
    file: file, line: line)
}
