/// The message of the precondition every owner's `waitUntilIdle()` checks: called from inside
/// the owner's own action, it would wait for that action, which waits for it, for ever.
///
/// - Parameters:
///   - type: The owner's type name, as the user wrote it (`Debouncer`).
///   - noun: What the user calls one (`debouncer`).
///   - caller: Who should call it instead (`sends values`).
package func waitingFromInsideTheActionMessage(
  _ type: String, _ noun: String, caller: String = "sends values"
) -> String {
  "\(type).waitUntilIdle() was called from inside the \(noun)'s own action, which would wait for itself for ever. Call it from the code that \(caller), or do the follow-up work at the end of the action."
}
