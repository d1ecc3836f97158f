import Settle
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Awaits `operation`, but for no longer than `limit` of the watchdog's live time: past it,
/// the test fails with a message that names what was awaited and where, and ends, instead of
/// hanging the whole run.
///
/// Every test that waits (on a gate, a continuation, a task's value, `waitUntilIdle()`, an
/// iterator) waits through this function. A hang in the library then fails one test, by name,
/// in seconds. Swift Testing's `.timeLimit` cannot do that: its unit is a minute, and a test
/// awaiting a continuation that is never resumed does not respond to the cancellation it sends.
///
/// The limit counts ``Watchdog``'s live time, not real time: time in which the cooperative pool
/// answered, weighted by the machine's load. On an idle machine the two are the same; on a
/// busy one a passing wait that is merely slow is not taken for a hang.
///
/// The operation runs in its own task, so the test can return while it is stuck; that task is
/// cancelled when the test's task is, and abandoned (still suspended) when the limit passes,
/// which only ever happens in a run that already failed. Time bounds only the failure: a
/// passing test never waits for the limit.
///
/// ```swift
/// try await bounded("the debouncer to be idle") { await debouncer.waitUntilIdle() }
/// ```
///
/// - Throws: ``BoundedWaitTimedOut`` past the limit (after recording an issue at the call
///   site), or what `operation` throws.
@discardableResult
public func bounded<T: Sendable>(
  _ awaited: @autoclosure () -> String,
  within limit: Duration = BoundedWait.limit,
  isolation: isolated (any Actor)? = #isolation,
  sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = BoundedWait.Race<T>()
  let pending = BoundedWait.Pending(operation)
  let worker = Task {
    // The operation is released before the result is delivered, so once this function
    // returns, nothing it captured is kept alive by the wait: a test may check a release next.
    race.finish(with: await pending.run())
  }
  // Named by test and place only: the description of what is awaited may read state that
  // belongs to the caller's isolation, and the watchdog reports from a thread of its own.
  let ticket = Watchdog.shared.schedule(
    after: limit,
    "\(Test.current.map { "\($0.id)" } ?? "a task outside any test") awaiting at "
      + "\(sourceLocation.fileName):\(sourceLocation.line)"
  ) {
    race.finish(with: .failure(BoundedWaitTimedOut()))
  }
  let result = await withTaskCancellationHandler {
    await race.outcome()
  } onCancel: {
    worker.cancel()
  }
  Watchdog.shared.cancel(ticket)
  if case .failure(let error) = result, error is BoundedWaitTimedOut {
    worker.cancel()
    try BoundedWait.timedOut(after: limit, waitingFor: awaited(), sourceLocation: sourceLocation)
  }
  return try result.get()
}

/// Thrown by ``bounded(_:within:sourceLocation:_:)`` when its limit passed; the issue that
/// names the wait is recorded before it is thrown.
public struct BoundedWaitTimedOut: Error, CustomStringConvertible {
  /// What timed out, and after how long.
  public var message = "timed out"
  /// The message.
  public var description: String { message }
}

/// The limit every bounded wait uses unless it passes its own.
public enum BoundedWait {
  /// 10 seconds of ``Watchdog``'s live time, or `SETTLE_WAIT_LIMIT_SECONDS` from the
  /// environment: CI raises it under the sanitizers, which run the code itself several times
  /// slower (the load-weighting covers a busy machine, not a slower program). No passing wait
  /// comes near it; it only decides how soon a hang is reported.
  public static let limit = Environment.seconds("SETTLE_WAIT_LIMIT_SECONDS", default: 10)

  /// Fails the current test for a wait that passed its limit: records an issue that names the
  /// wait at `sourceLocation`, then ends the test. For waits that cannot go through
  /// ``bounded(_:within:isolation:sourceLocation:_:)``, such as a thread's semaphore.
  public static func timedOut(
    after limit: Duration, waitingFor awaited: String, sourceLocation: SourceLocation
  ) throws -> Never {
    let message = "Timed out after \(limit) of live time waiting for \(awaited)"
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    // Ends the test without a second issue for the same cause; outside a test (a helper
    // task the test did not await) the error ends what called this.
    if Test.current != nil {
      try Test.cancel(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
    throw BoundedWaitTimedOut(message: message)
  }

  /// The operation of a wait, held until its worker takes it.
  final class Pending<T: Sendable>: Sendable {
    private let operation: LockedState<(@Sendable () async throws -> T)?>

    init(_ operation: @escaping @Sendable () async throws -> T) {
      self.operation = LockedState(operation)
    }

    /// Takes the operation out, runs it and lets go of it (and of what it captured) before
    /// returning its result.
    func run() async -> Result<T, any Error> {
      let taken = self.operation.withLock { operation in
        defer { operation = nil }
        return operation
      }
      guard let operation = taken else {
        return .failure(CancellationError())
      }
      do { return .success(try await operation()) } catch { return .failure(error) }
    }
  }

  /// The first of the operation's result and the watchdog's timeout, delivered once.
  final class Race<T: Sendable>: Sendable {
    private struct State {
      var result: Result<T, any Error>?
      var waiter: CheckedContinuation<Result<T, any Error>, Never>?
    }
    private let state = LockedState(State())

    func finish(with result: Result<T, any Error>) {
      let waiter = state.withLock { state -> CheckedContinuation<Result<T, any Error>, Never>? in
        guard state.result == nil else { return nil }
        state.result = result
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: result)
    }

    func outcome() async -> Result<T, any Error> {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Result<T, any Error>? in
          if let result = state.result { return result }
          state.waiter = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}

/// Reads the process environment without Foundation.
public enum Environment {
  /// The variable's value, or `nil` when it is not set.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// A positive whole number of seconds from the variable, or `default` when it is not set or
  /// not such a number.
  public static func seconds(_ name: String, default seconds: Int) -> Duration {
    guard let text = value(name), let given = Int(text), given > 0 else {
      return .seconds(seconds)
    }
    return .seconds(given)
  }
}

extension AsyncIteratorProtocol where Self: SendableMetatype, Element: Sendable {
  /// `next()` through ``bounded(_:within:isolation:sourceLocation:_:)``: the element, `nil` at
  /// the end, or a failed test when none comes within the limit.
  ///
  /// The iterator still runs on the caller's isolation, as `for await` would: an iterator that
  /// runs its work on the caller's actor (a `TrackedValues` over a main-actor model) behaves
  /// the same bounded or not. Below macOS 15 / iOS 18, where `next(isolation:)` does not
  /// exist, it calls `next()`, which leaves the caller's actor there as `for await` does too.
  public mutating func nextBounded(
    _ awaited: @autoclosure () -> String = "the next element",
    within limit: Duration = BoundedWait.limit,
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Element? {
    // The iterator moves into the operation's task and back. Only one task touches it at a
    // time: this one is suspended until the operation returns, and after a timeout the test
    // ends without touching it again. The box gives it back and keeps no copy, so a test that
    // drops the iterator afterwards really drops it.
    let box = IteratorBox(self)
    let element = try await bounded(
      awaited(), within: limit, isolation: isolation, sourceLocation: sourceLocation
    ) { [isolation] in
      try await box.next(isolation: isolation)
    }
    self = box.takeIterator()
    return element
  }
}

private final class IteratorBox<Iterator: AsyncIteratorProtocol>: @unchecked Sendable
where Iterator.Element: Sendable {
  private var iterator: Iterator?
  init(_ iterator: Iterator) { self.iterator = iterator }

  func next(isolation actor: isolated (any Actor)?) async throws -> Iterator.Element? {
    // `next(isolation:)` is new in macOS 15 / iOS 18, above the package's floor. Below it a
    // plain `for await` calls `next()` too, so the bounded read still does what one would.
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
      return try await iterator!.next(isolation: actor)
    }
    return try await iterator!.next()
  }

  func takeIterator() -> Iterator {
    defer { iterator = nil }
    return iterator!
  }
}
