/// Runs a render closure with tracking and asks for one invalidation when something it read
/// changes: the UI-free core of the SwiftUI `WithTracking` view.
///
/// A UI framework re-renders a view when its own state changes; it knows nothing of Settle's
/// ``ObservationRegistry``. The tracker bridges the two: each ``render(_:onInvalidate:)`` runs
/// the body inside a tracking scope, and the first later write to any tracked property the
/// body read calls `onInvalidate`, which tells the framework to render again (a SwiftUI view
/// bumps a `@State` counter). That render arms the tracker again.
///
/// ```swift
/// @MainActor final class LibraryStore: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var books: [String] = []
///   @Tracked var borrowedCount = 0
/// }
///
/// @MainActor final class BooksLabel {
///   let store: LibraryStore
///   private let tracker = RenderTracker()
///
///   init(store: LibraryStore) { self.store = store }
///
///   func draw() {
///     let text = tracker.render {
///       "\(store.books.count) books"     // reads are recorded
///     } onInvalidate: { [weak self] in
///       guard let self else { return }
///       Task { @MainActor in self.draw() }   // schedule the next render
///     }
///     print(text)
///   }
/// }
/// ```
///
/// Guarantees:
/// - **One invalidation per render.** After a render, the first change to a property it read
///   calls `onInvalidate` once; further changes call nothing until the next render, so any
///   number of writes between two renders costs one invalidation. Writes to properties the
///   render did not read call nothing.
/// - **The newest render wins.** A render disarms the previous one, so rendering twice and then
///   writing still invalidates once.
/// - **A change during the render** to a property it already read invalidates right away, before
///   ``render(_:onInvalidate:)`` returns, because the render may have used the old value.
/// - **After the store.** `onInvalidate` runs after the new value is stored (like
///   ``withTracking(_:didChange:)``), so a render it starts at once sees the new value.
/// - **Stopping.** After ``cancel()``, or once the tracker is released, `onInvalidate` is never
///   called again, and the tracker holds no closure and no registration; the observed objects
///   do not keep the tracker alive.
///
/// How these guarantees are tested, and which interleavings are explored exhaustively:
/// <doc:HowSettleIsVerified>.
///
/// Thread rules: every method may be called from any thread. `onInvalidate` runs synchronously
/// on the thread that writes, with no Settle lock held: keep it short and hop to the UI's actor.
///
/// - Complexity: a render costs the body plus O(properties read); an invalidation is O(1).
public final class RenderTracker: Sendable {
  private struct State {
    /// Counts renders and cancellation, so a scope armed by an older render cannot invalidate.
    var generation: UInt64 = 0
    var scope: TrackingScope?
    var onInvalidate: (@Sendable () -> Void)?
    var isCancelled = false

    /// Disarms whatever is armed; returns what to cancel and release outside the lock.
    mutating func disarm() -> (TrackingScope?, (@Sendable () -> Void)?) {
      generation &+= 1
      defer {
        scope = nil
        onInvalidate = nil
      }
      return (scope, onInvalidate)
    }
  }

  private let state = LockedState(State())
  private let options: TrackingOptions

  /// Creates a tracker with nothing armed.
  ///
  /// - Parameter options: ``TrackingOptions/objectLevel`` to invalidate on a change to any
  ///   tracked property of the objects a render read. The tracker always calls back after the
  ///   store, whether or not ``TrackingOptions/afterStore`` is given.
  public init(options: TrackingOptions = []) {
    self.options = options.union(.afterStore)
  }

  deinit {
    // The registries hold the scope strongly: cancel it so they drop it now rather than when
    // the observed objects go.
    let (scope, _) = state.withLock { $0.disarm() }
    scope?.cancel()
  }

  /// Whether a change to something the last render read would call `onInvalidate` now.
  public var isArmed: Bool {
    state.withLock { $0.scope != nil }
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    state.withLock { $0.isCancelled }
  }

  /// Runs `body`, records the tracked properties it reads, and arms `onInvalidate` for the first
  /// later change to any of them, replacing what the previous render armed.
  ///
  /// After ``cancel()``, `body` still runs but nothing is recorded or armed. If `body` throws,
  /// nothing is armed and the error is rethrown.
  ///
  /// - Parameters:
  ///   - body: The render; it runs once, synchronously, on this thread.
  ///   - onInvalidate: Called at most once, on the writing thread, after the store; held until
  ///     it is called, the next render, ``cancel()`` or the tracker's release.
  /// - Returns: What `body` returns.
  public func render<T>(
    _ body: () throws -> T,
    onInvalidate: @escaping @Sendable () -> Void
  ) rethrows -> T {
    let (generation, previous, released) = state.withLock { state in
      let (previous, released) = state.disarm()
      if state.isCancelled { return (UInt64?.none, previous, released) }
      state.onInvalidate = onInvalidate
      return (state.generation, previous, released)
    }
    previous?.cancel()
    withExtendedLifetime(released) {}
    guard let generation else { return try body() }

    return try TrackingScope.arm(recording: body) {
      // The scope holds the tracker weakly: the registries hold the scope, and must not keep
      // the tracker and its closure alive.
      let scope = TrackingScope(options: options) { [weak self] in
        self?.invalidate(generation)
      }
      // Stored before it is installed, so that a concurrent cancel can disarm it.
      let current = state.withLock { state in
        guard state.generation == generation else { return false }
        state.scope = scope
        return true
      }
      return current ? scope : nil
    }
  }

  /// Stops for good: disarms the last render and releases its `onInvalidate`.
  ///
  /// Idempotent. After it returns, `onInvalidate` is not called, except by a write that was
  /// already calling it on another thread.
  public func cancel() {
    let (scope, released) = state.withLock { state in
      state.isCancelled = true
      return state.disarm()
    }
    scope?.cancel()
    withExtendedLifetime(released) {}
  }

  private func invalidate(_ generation: UInt64) {
    let onInvalidate = state.withLock { state -> (@Sendable () -> Void)? in
      // A scope of an older render can fire on another thread while a newer render or a
      // cancel is disarming it; it must not take the newer render's closure.
      guard state.generation == generation else { return nil }
      return state.disarm().1
    }
    onInvalidate?()
  }
}
