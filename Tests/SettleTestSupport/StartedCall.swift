import Testing

/// Starts `call` in a task of its own and returns once the value it sends is in: `sent`, the
/// owner's count of values sent, has moved past what it was. A test that starts several
/// waiting callers this way orders their sends, which the tasks alone would not.
public func startedCall<Result: Sendable>(
  _ label: String, sent: @autoclosure @escaping @Sendable () -> UInt64,
  _ call: @escaping @Sendable () async throws -> Result
) async throws -> Task<Result, any Error> {
  let before = sent()
  let task = Task { try await call() }
  try await bounded("\(label) to be sent") {
    while sent() == before { await Task.yield() }
  }
  return task
}
