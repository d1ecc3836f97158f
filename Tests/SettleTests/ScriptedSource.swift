import Settle
import SettleTestSupport
import SettleTesting
import Testing

/// An AsyncSequence the test feeds by hand, with a handshake on demand: after `yield`, a test
/// can wait until the consumer has asked for the next element, which proves it has finished
/// with the previous one.
final class ScriptedSource<Element: Sendable>: AsyncSequence, Sendable {
  struct ScriptedError: Error, Equatable {}

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

  /// Opens when a wait in `next()` ends through cancellation.
  let cancelled = AsyncGate()

  /// Opens when the source is freed; keep a reference to the gate, not to the source.
  let released = AsyncGate()

  deinit { released.open() }

  /// How many times the consumer called `next()`.
  var demand: Int { state.withLock { $0.demand } }

  func yield(_ element: Element) { deliver(.element(element)) }
  func finish() { deliver(.finish) }
  func fail() { deliver(.fail) }

  /// Suspends until the consumer has called `next()` at least `count` times; bounded, so a
  /// consumer that stops asking fails the test by name.
  func waitForDemand(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation)
    async throws
  {
    try await bounded(
      "the consumer to ask for element \(count) (it asked \(demand) times)",
      sourceLocation: sourceLocation
    ) {
      await self.state.wait(in: \.demandWaiters, for: count) { $0.demand >= count }
    }
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

  struct AsyncIterator: AsyncIteratorProtocol {
    let source: ScriptedSource

    mutating func next() async throws -> Element? { try await source.next() }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}
