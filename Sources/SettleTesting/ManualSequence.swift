import Settle

/// An asynchronous sequence whose elements arrive only when the test yields them, with a
/// handshake that says when the consumer has taken them.
///
/// Feed it to the code under test in place of a real stream, as ``ManualClock`` stands in for
/// a real clock: ``yield(_:)`` hands over an element, ``finish()`` or ``fail(_:)`` ends the
/// sequence, and ``waitForDemand()`` returns once the consumer has taken every element yielded
/// so far and waits for the next one. With both, a `debounced` or `throttled` pipeline is
/// deterministic: an element the consumer has taken is timed from the clock's time when it was
/// yielded, so the test can move the clock without racing the element.
///
/// ```swift
/// let clock = ManualClock()
/// let queries = ManualSequence<String, Never>()
/// let searched = ValueRecorder<String>()
/// let consumer = Task {
///   for await query in queries.debounced(for: .milliseconds(300), clock: clock) {
///     searched.record(query)
///   }
/// }
/// queries.yield("s")
/// queries.yield("sw")
/// await queries.waitForDemand()  // the debounce has taken both: their quiet period runs
/// await clock.waitForSleepers(count: 1)
/// await clock.advance(by: .milliseconds(300))
/// await searched.waitForCount(1)
/// assert(searched.values == ["sw"])
/// queries.finish()
/// await consumer.value
/// ```
///
/// `Failure` is the error ``fail(_:)`` throws from the consumer's `next()`. With `Never`, the
/// sequence cannot fail and `for await` needs no `try`, as with `AsyncStream`; with
/// `any Error` (or your own error type) it behaves as an `AsyncThrowingStream`.
///
/// Guarantees, in the conventions of `AsyncStream`:
/// - Elements arrive in the order they were yielded, each to one call of `next()`; those
///   yielded before a consumer asks are kept until it does.
/// - After ``finish()`` or ``fail(_:)``, further calls to ``yield(_:)``, ``finish()`` and
///   ``fail(_:)`` do nothing; the consumer still receives the elements yielded before, then
///   `nil` or the error, then `nil` for ever.
/// - A consumer whose task is cancelled while it waits in `next()` gets `nil`, and so does
///   every later call; ``isCancelled`` turns true and ``waitForCancellation()`` returns. A
///   cancelled task that asks while an element is already there still receives it.
/// - No continuation is resumed while the sequence's lock is held.
///
/// It is meant for one consumer at a time: iterate it from one task.
///
/// - Precondition: `next()` is not called while another call to it waits.
public final class ManualSequence<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  private enum Event {
    case element(Element)
    case finish
    case fail(Failure)
  }

  private struct State {
    /// Events yielded and not yet taken, oldest first.
    var queued: [Event] = []
    /// A consumer suspended in `next()`, waiting for an event.
    var waiting: UnsafeContinuation<Event?, Never>?
    /// False once the sequence was finished, failed or cancelled: later events are ignored.
    var isOpen = true
    /// True once the consumer took the end, or was cancelled: `next()` returns `nil`.
    var isExhausted = false
    var isCancelled = false
    var demandWaiters = WaiterQueue<Void>()
    var cancellationWaiters = WaiterQueue<Void>()

    /// Marks the consumer cancelled and the sequence over; returns the waiters to resume.
    mutating func cancel() -> [WaiterQueue<Void>.Continuation] {
      isCancelled = true
      isOpen = false
      isExhausted = true
      queued.removeAll()
      return cancellationWaiters.removeSatisfied { true }
    }
  }

  private let state = LockedState(State())

  /// Creates a sequence with nothing yielded yet.
  public init() {}

  /// Hands `element` to the consumer: at once if it waits in `next()`, else when it next asks.
  ///
  /// Does nothing once the sequence has finished, failed or been cancelled.
  public func yield(_ element: Element) {
    deliver(.element(element))
  }

  /// Ends the sequence: once the consumer has taken the elements yielded before, `next()`
  /// returns `nil`.
  public func finish() {
    deliver(.finish)
  }

  /// Ends the sequence with `error`: once the consumer has taken the elements yielded before,
  /// `next()` throws it.
  public func fail(_ error: Failure) {
    deliver(.fail(error))
  }

  /// Suspends until the consumer waits in `next()` for an element not yet yielded, or the
  /// waiting task is cancelled.
  ///
  /// The handshake after ``yield(_:)``: once it returns, the consumer has taken every element
  /// yielded so far and done what it does with each before asking again. For `debounced`,
  /// `throttled` and their folding forms, that means the element is timed and its timer
  /// started. Returns at once if the consumer already waits.
  public func waitForDemand() async {
    await state.wait(in: \.demandWaiters, for: ()) { $0.waiting != nil }
  }

  /// Whether a call to `next()` ended because its task was cancelled.
  ///
  /// An operator such as `debounced` cancels its iteration of the base when its own consumer
  /// stops; this shows that it did.
  public var isCancelled: Bool {
    state.withLock { $0.isCancelled }
  }

  /// Suspends until ``isCancelled`` is true, or the waiting task is cancelled.
  public func waitForCancellation() async {
    await state.wait(in: \.cancellationWaiters, for: ()) { $0.isCancelled }
  }

  private func deliver(_ event: Event) {
    let waiting = state.withLock { state -> UnsafeContinuation<Event?, Never>? in
      guard state.isOpen else { return nil }
      if case .element = event {} else { state.isOpen = false }
      guard let waiting = state.waiting else {
        state.queued.append(event)
        return nil
      }
      state.waiting = nil
      if case .element = event {} else { state.isExhausted = true }
      return waiting
    }
    waiting?.resume(returning: event)
  }

  private func next() async throws(Failure) -> Element? {
    let event: Event? = await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        let (ready, demandWaiters, cancellationWaiters) = state.withLock {
          state -> (Event??, [WaiterQueue<Void>.Continuation], [WaiterQueue<Void>.Continuation]) in
          if !state.queued.isEmpty {
            let event = state.queued.removeFirst()
            if case .element = event {} else { state.isExhausted = true }
            return (event, [], [])
          }
          if state.isExhausted { return (.some(nil), [], []) }
          if Task.isCancelled {
            return (.some(nil), [], state.cancel())
          }
          precondition(
            state.waiting == nil,
            "ManualSequence.next() was called while another call waits; iterate it from one task at a time."
          )
          state.waiting = continuation
          return (nil, state.demandWaiters.removeSatisfied { true }, [])
        }
        for waiter in demandWaiters + cancellationWaiters { waiter.resume() }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let (waiting, waiters) = state.withLock {
        state -> (UnsafeContinuation<Event?, Never>?, [WaiterQueue<Void>.Continuation]) in
        guard let waiting = state.waiting else { return (nil, []) }
        state.waiting = nil
        return (waiting, state.cancel())
      }
      for waiter in waiters { waiter.resume() }
      waiting?.resume(returning: nil)
    }
    switch event {
    case .element(let element): return element
    case .fail(let error): throw error
    case .finish, nil: return nil
    }
  }

  /// The iterator of a ``ManualSequence``.
  public struct AsyncIterator: AsyncIteratorProtocol {
    fileprivate let sequence: ManualSequence

    /// The next element yielded; `nil` once the sequence finished or the task was cancelled;
    /// throws the error passed to ``ManualSequence/fail(_:)``.
    public mutating func next() async throws(Failure) -> Element? {
      try await sequence.next()
    }
  }

  /// Makes an iterator; every iterator takes from the same elements.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(sequence: self)
  }
}

/// Not `Sendable`: iterate in one task, as the sequence has one consumer at a time.
@available(*, unavailable)
extension ManualSequence.AsyncIterator: Sendable {}
