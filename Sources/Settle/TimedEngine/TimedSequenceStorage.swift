/// The engine behind ``DebouncedSequence`` and ``ThrottledSequence``: a pump task that
/// consumes the base eagerly into a ``TimedRuns``, whose runs emit into a buffer that the
/// iterator drains.
///
/// Eager consumption (push, not pull) keeps the timing independent of the consumer: a slow
/// consumer finds emitted elements waiting in order, and never shifts a deadline.
///
/// Everything an element passes through is `@inlinable`, from the iterator's `next()` down to
/// the pump and ``TimedRuns/send(_:)``, so that the operator is specialised for the caller's
/// base, element and clock in the caller's module: unspecialised, generic metadata and value
/// witnesses cost more per element than the send itself.
@usableFromInline
package final class TimedSequenceStorage<
  Base: AsyncSequence & Sendable, Machine: TimedStateMachine, C: Clock
>:
  Sendable
where Machine.Value == Base.Element, Machine.Instant == C.Instant, Base.Element: Sendable {
  @usableFromInline
  enum Completion {
    case finished
    case failed(any Error)
  }

  @usableFromInline
  struct Output {
    @usableFromInline var buffer: [Base.Element] = []
    @usableFromInline var head = 0
    @usableFromInline var completion: Completion?
    @usableFromInline var consumer: UnsafeContinuation<Result<Base.Element?, any Error>, Never>?
    /// The consumer cancelled or the iterator was dropped: everything ends.
    @usableFromInline var terminated = false
    @usableFromInline var pump: Task<Void, Never>?

    @inlinable
    init() {}

    @inlinable
    mutating func popBuffered() -> Base.Element? {
      guard head < buffer.count else { return nil }
      let element = buffer[head]
      head += 1
      if head == buffer.count {
        buffer.removeAll(keepingCapacity: true)
        head = 0
      }
      return element
    }
  }

  @usableFromInline
  let base: Base
  @usableFromInline
  let runs: TimedRuns<Machine, C>
  @usableFromInline
  let output: LockedState<Output>

  @usableFromInline
  package init(base: Base, machine: Machine, clock: C) {
    self.base = base
    let output = LockedState(Output())
    self.output = output
    runs = TimedRuns(machine: machine, clock: clock) { element in
      Self.emit(element, into: output)
    }
  }

  /// The next element, `nil` at the end or after cancellation, or the base's error.
  @inlinable
  package func next() async throws -> Base.Element? {
    let result = await withTaskCancellationHandler {
      await withUnsafeContinuation {
        (continuation: UnsafeContinuation<Result<Base.Element?, any Error>, Never>) in
        let (ready, startPump) = output.withLock {
          output -> (Result<Base.Element?, any Error>?, Bool) in
          if output.terminated { return (.success(nil), false) }
          if let element = output.popBuffered() { return (.success(element), false) }
          switch output.completion {
          case .finished:
            return (.success(nil), false)
          case .failed(let error):
            output.completion = .finished  // thrown once, then the sequence is over
            return (.failure(error), false)
          case nil:
            output.consumer = continuation
            return (nil, output.pump == nil)
          }
        }
        if let ready { continuation.resume(returning: ready) }
        if startPump { self.startPump() }
      }
    } onCancel: {
      terminate()
    }
    return try result.get()
  }

  /// Ends everything: the consumer gets `nil`, the pump and pending runs are cancelled.
  @usableFromInline
  package func terminate() {
    let (consumer, pump) = output.withLock { output in
      output.terminated = true
      defer { output.consumer = nil }
      return (output.consumer, output.pump)
    }
    consumer?.resume(returning: .success(nil))
    pump?.cancel()
    runs.shutdown()
  }

  @inlinable
  func startPump() {
    let task = Task { await self.pump() }
    let alreadyTerminated = output.withLock { output -> Bool in
      output.pump = task
      return output.terminated
    }
    if alreadyTerminated { task.cancel() }
  }

  @inlinable
  func pump() async {
    let completion: Completion
    do {
      var iterator = base.makeAsyncIterator()
      while let element = try await iterator.next() {
        runs.send(element)
      }
      // Upstream finished: what is pending is emitted at once, then the sequence ends.
      await runs.flush()
      await runs.waitUntilIdle()
      completion = .finished
    } catch {
      // Upstream failed: what is pending is dropped, the error is kept for the consumer.
      runs.cancel()
      await runs.waitUntilIdle()
      completion = .failed(error)
    }
    let consumer = output.withLock {
      output -> (
        UnsafeContinuation<Result<Base.Element?, any Error>, Never>,
        Result<Base.Element?, any Error>
      )? in
      guard !output.terminated else { return nil }
      guard let consumer = output.consumer else {
        output.completion = completion
        return nil
      }
      output.consumer = nil
      switch completion {
      case .finished:
        output.completion = .finished
        return (consumer, .success(nil))
      case .failed(let error):
        output.completion = .finished
        return (consumer, .failure(error))
      }
    }
    consumer.map { $0.0.resume(returning: $0.1) }
  }

  private static func emit(_ element: Base.Element, into output: LockedState<Output>) {
    let consumer = output.withLock {
      output -> UnsafeContinuation<Result<Base.Element?, any Error>, Never>? in
      guard !output.terminated else { return nil }
      guard let consumer = output.consumer else {
        output.buffer.append(element)
        return nil
      }
      output.consumer = nil
      return consumer
    }
    consumer?.resume(returning: .success(element))
  }
}
