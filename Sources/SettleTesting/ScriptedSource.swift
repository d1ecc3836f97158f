import Settle

/// An `AsyncSequence` a test feeds by hand, element by element, and that tells the test when
/// its consumer asks for the next one.
///
/// Use it as the base of a `debounced` or `throttled` pipeline, so that a test decides when
/// each element arrives on a ``ManualClock``, and knows when the consumer has finished with
/// the previous one:
///
/// ```swift
/// let clock = ManualClock()
/// let source = ScriptedSource<String>()
/// let results = ValueRecorder<String>()
/// let consumer = Task {
///   for try await query in source.debounced(for: .milliseconds(300), clock: clock) {
///     results.record(query)
///   }
/// }
/// source.yield("s")
/// await source.waitForDemand(2)     // the operator took "s" and asks for more
/// source.yield("sw")
/// await source.waitForDemand(3)
/// await clock.waitForSleepers(count: 1)  // the quiet period's timer
/// await clock.advance(by: .milliseconds(300))
/// await results.waitForCount(1)     // ["sw"]: "s" was superseded
/// source.finish()
/// try await consumer.value
/// ```
///
/// Guarantees: elements reach the consumer in the order they were yielded, each once; an
/// element yielded while nobody waits is queued. ``finish()`` ends the sequence after the
/// queued elements, ``fail()`` throws ``ScriptedError`` there. A consumer waiting in `next()`
/// whose task is cancelled gets `nil`, and ``cancelled`` opens. Single consumer: iterate it
/// once.
///
/// Thread rules: `Sendable`; feed it from any task.
public final class ScriptedSource<Element: Sendable>: AsyncSequence, Sendable {
  /// What ``fail()`` makes `next()` throw.
  public struct ScriptedError: Error, Equatable {
    /// Creates the error.
    public init() {}
  }

  private enum Event {
    case element(Element)
    case finish
    case fail
  }

  private struct State {
    var queued: [Event] = []
    var waiting: UnsafeContinuation<Event?, Never>?
    var demand = 0
    var demandWaiters = WaiterQueue<Int>()
  }

  private let state = LockedState(State())

  /// Opens when a wait in `next()` ends because its task was cancelled.
  public let cancelled = AsyncGate()

  /// Opens when the source is freed: keep a reference to the gate, not to the source, to
  /// check that a pipeline lets its base go.
  public let released = AsyncGate()

  /// Creates a source with nothing queued.
  public init() {}

  deinit { released.open() }

  /// How many times the consumer has called `next()`.
  public var demand: Int { state.withLock { $0.demand } }

  /// Hands `element` to the consumer waiting in `next()`, or queues it.
  public func yield(_ element: Element) { deliver(.element(element)) }

  /// Ends the sequence once the queued elements are taken.
  public func finish() { deliver(.finish) }

  /// Makes `next()` throw ``ScriptedError`` once the queued elements are taken.
  public func fail() { deliver(.fail) }

  /// Suspends until the consumer has called `next()` at least `count` times, which proves it
  /// is done with element `count - 1`; returns early if the waiting task is cancelled.
  ///
  /// Unbounded: a consumer that stops asking keeps this waiting, so wrap it in a timeout of
  /// your own in tests that must not hang.
  public func waitForDemand(_ count: Int) async {
    await state.wait(in: \.demandWaiters, for: count) { $0.demand >= count }
  }

  private func deliver(_ event: Event) {
    let waiting = state.withLock { state -> UnsafeContinuation<Event?, Never>? in
      guard let waiting = state.waiting else {
        state.queued.append(event)
        return nil
      }
      state.waiting = nil
      return waiting
    }
    waiting?.resume(returning: event)
  }

  fileprivate func next() async throws -> Element? {
    let event: Event? = await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        let (ready, waiters) = state.withLock {
          state -> (Event??, [WaiterQueue<Int>.Continuation]) in
          state.demand += 1
          let demand = state.demand
          let waiters = state.demandWaiters.removeSatisfied { $0 <= demand }
          if !state.queued.isEmpty { return (state.queued.removeFirst(), waiters) }
          state.waiting = continuation
          return (nil, waiters)
        }
        for waiter in waiters { waiter.resume() }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiting = state.withLock { state -> UnsafeContinuation<Event?, Never>? in
        defer { state.waiting = nil }
        return state.waiting
      }
      waiting?.resume(returning: nil)
      cancelled.open()
    }
    switch event {
    case .element(let element): return element
    case .fail: throw ScriptedError()
    case .finish, nil: return nil
    }
  }

  /// The iterator; see ``ScriptedSource`` for what `next()` returns.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let source: ScriptedSource

    /// The next element, `nil` at the end, or ``ScriptedError`` after ``fail()``.
    public mutating func next() async throws -> Element? { try await source.next() }
  }

  /// Makes the one iterator of this source.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}
