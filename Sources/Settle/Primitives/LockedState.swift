#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Bionic)
  import Bionic
#elseif canImport(WinSDK)
  import WinSDK
#else
  #error("Settle's lock has no primitive for this platform")
#endif

/// A value guarded by the platform's smallest mutex, stored inline with the value.
///
/// `Synchronization.Mutex` would be the obvious choice, but it needs macOS 15 / iOS 18 and
/// ThreadSanitizer on Linux reports false races inside it, so Settle keeps its own lock:
/// `os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere, `SRWLOCK` on Windows.
///
/// Rules for callers: the closure passed to ``withLock(_:)`` must not call user code, resume
/// a continuation or take the same lock again. Compute what to do under the lock, then do it
/// after `withLock` returns.
///
/// ``withLock(_:)`` is `@inlinable`, so a client that uses a generic owner (a `Debouncer` of
/// its value type) gets it specialised: the lock is a direct call, with no generic metadata.
///
/// - Complexity: O(1) to take and release; one allocation when created.
@usableFromInline
package struct LockedState<State>: @unchecked Sendable {
  #if canImport(Darwin)
    @usableFromInline package typealias Primitive = os_unfair_lock
  #elseif canImport(WinSDK)
    @usableFromInline package typealias Primitive = SRWLOCK
  #else
    @usableFromInline package typealias Primitive = pthread_mutex_t
  #endif

  private final class Buffer: ManagedBuffer<State, Primitive> {
    deinit {
      // `-> Void`: on Darwin the body is the lone `deinitialize` call, whose pointer result
      // would otherwise become the closure's, and then an unused result.
      withUnsafeMutablePointerToElements { lock -> Void in
        #if !canImport(Darwin) && !canImport(WinSDK)
          _ = pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
      }
    }
  }

  @usableFromInline
  let buffer: ManagedBuffer<State, Primitive>

  /// Creates the lock with its initial state.
  package init(_ initial: consuming State) {
    // Moved in and out of an optional rather than captured: returning a captured value from
    // the closure copies it, and a copy of a state that holds references retains each one.
    var pending = Optional(initial)
    buffer = Buffer.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { lock in
        #if canImport(Darwin)
          lock.initialize(to: os_unfair_lock())
        #elseif canImport(WinSDK)
          lock.initialize(to: SRWLOCK())
          InitializeSRWLock(lock)
        #else
          lock.initialize(to: pthread_mutex_t())
          let result = pthread_mutex_init(lock, nil)
          precondition(result == 0, "Settle could not initialise a mutex (error \(result))")
        #endif
      }
      // `swap` rather than `Optional.take()`, which is newer than the iOS 17 SDK.
      var moved: State?
      swap(&moved, &pending)
      return moved!
    }
  }

  /// Runs `body` with exclusive access to the state.
  @inlinable @inline(__always)
  package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, lock in
      Self.lock(lock)
      defer { Self.unlock(lock) }
      return try body(&state.pointee)
    }
  }

  @inlinable @inline(__always)
  static func lock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin)
      os_unfair_lock_lock(lock)
    #elseif canImport(WinSDK)
      AcquireSRWLockExclusive(lock)
    #else
      pthread_mutex_lock(lock)
    #endif
  }

  @inlinable @inline(__always)
  static func unlock(_ lock: UnsafeMutablePointer<Primitive>) {
    #if canImport(Darwin)
      os_unfair_lock_unlock(lock)
    #elseif canImport(WinSDK)
      ReleaseSRWLockExclusive(lock)
    #else
      pthread_mutex_unlock(lock)
    #endif
  }
}
