/// The decisions of a sequence operator's output side, free of tasks and locks: where an
/// element that became due goes, what a consumer's `next()` gets, and how the end of the base
/// or the consumer's cancellation reaches the consumer. Every event is a `mutating func` that
/// returns the one ``Action`` its owner, ``TimedSequenceStorage``, applies outside its lock.
///
/// Generic over `Consumer`, the waiting consumer's continuation, so that tests drive it with
/// plain values.
@usableFromInline
package struct DeliveryStateMachine<Element, Consumer> {
  /// How the base ended, as the consumer will learn it.
  @usableFromInline
  package enum Completion {
    case finished
    case failed(any Error)
  }

  /// What the consumer sees, in order.
  @usableFromInline
  enum Phase {
    /// Nobody has asked yet; the base is not being consumed.
    case unstarted
    /// The base is being consumed and the consumer is busy (not inside `next()`); due
    /// elements wait in ``buffer``.
    case busy
    /// The consumer waits inside `next()`; the buffer is empty.
    case awaiting(Consumer)
    /// The base ended: the buffer drains first, then the consumer gets `completion`.
    case ending(Completion)
    /// Everything was delivered, or the consumer cancelled: `next()` returns `nil` for ever.
    case over
  }

  /// What the owner must do.
  @usableFromInline
  package enum Action {
    /// Nothing.
    case none
    /// Resume the waiting consumer with this result.
    case resume(Consumer, Result<Element?, any Error>)
    /// Keep the consumer suspended; start consuming the base first when `startingBase`.
    case suspend(startingBase: Bool)
  }

  @usableFromInline
  var phase = Phase.unstarted
  /// Due elements the consumer has not taken yet, kept as ``ElementBuffering`` says.
  @usableFromInline
  var buffer: DeliveryBuffer<Element>

  @inlinable
  package init(buffering: ElementBuffering) {
    buffer = DeliveryBuffer(buffering: buffering)
  }

  /// An element became due: handed to the waiting consumer, or buffered until it asks.
  @inlinable
  package mutating func elementDue(_ element: Element) -> Action {
    switch phase {
    case .awaiting(let consumer):
      phase = .busy
      return .resume(consumer, .success(element))
    case .busy:
      buffer.append(element)
      return .none
    case .over:
      return .none
    case .unstarted, .ending:
      preconditionFailure(
        "Internal inconsistency in Settle: an element became due while the output was \(phase)")
    }
  }

  /// The consumer calls `next()`.
  @inlinable
  package mutating func consumerAsks(_ consumer: Consumer) -> Action {
    switch phase {
    case .unstarted:
      phase = .awaiting(consumer)
      return .suspend(startingBase: true)
    case .busy:
      if let element = buffer.removeFirst() { return .resume(consumer, .success(element)) }
      phase = .awaiting(consumer)
      return .suspend(startingBase: false)
    case .ending(let completion):
      if let element = buffer.removeFirst() { return .resume(consumer, .success(element)) }
      phase = .over
      switch completion {
      case .finished: return .resume(consumer, .success(nil))
      case .failed(let error): return .resume(consumer, .failure(error))
      }
    case .over:
      return .resume(consumer, .success(nil))
    case .awaiting:
      // Iterators are not Sendable, but a copy shares its engine with the original.
      preconditionFailure(
        "next() was called on a debounced or throttled iterator while another call to next() on it was still waiting; iterate each iterator from one task, one call at a time."
      )
    }
  }

  /// The base finished or threw, and every element it caused has been delivered or buffered.
  @inlinable
  package mutating func baseEnded(_ completion: Completion) -> Action {
    switch phase {
    case .awaiting(let consumer):
      phase = .over
      switch completion {
      case .finished: return .resume(consumer, .success(nil))
      case .failed(let error): return .resume(consumer, .failure(error))
      }
    case .busy:
      phase = .ending(completion)
      return .none
    case .over:
      return .none
    case .unstarted, .ending:
      preconditionFailure(
        "Internal inconsistency in Settle: the base ended while the output was \(phase)")
    }
  }

  /// The consumer's task was cancelled or its iterator dropped: it gets `nil` now and for
  /// ever, and what is buffered is dropped.
  @inlinable
  package mutating func cancelled() -> Action {
    let waiting: Consumer?
    if case .awaiting(let consumer) = phase { waiting = consumer } else { waiting = nil }
    phase = .over
    buffer.removeAll()
    guard let waiting else { return .none }
    return .resume(waiting, .success(nil))
  }

  /// Whether the consumer will get nothing more.
  @inlinable
  package var isOver: Bool {
    if case .over = phase { return true }
    return false
  }
}
