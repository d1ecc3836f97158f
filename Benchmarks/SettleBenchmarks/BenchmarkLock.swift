#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#else
  #error("settle-bench's lock has no primitive for this platform")
#endif

/// A value guarded by a mutex stored inline with it: the same primitive and layout as Settle's
/// internal lock (`os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere, in one
/// `ManagedBuffer`), which this package cannot import because it is not public API.
///
/// The floor row ("clock read + one lock") times this lock as the least a `send` pays, so it
/// must stay the primitive Settle's `send` takes; the run logs use it only to count safely.
struct BenchmarkLock<State>: @unchecked Sendable {
  #if canImport(Darwin)
    private typealias Primitive = os_unfair_lock
  #else
    private typealias Primitive = pthread_mutex_t
  #endif

  private final class Buffer: ManagedBuffer<State, Primitive> {
    deinit {
      withUnsafeMutablePointerToElements { lock -> Void in
        #if !canImport(Darwin)
          _ = pthread_mutex_destroy(lock)
        #endif
        lock.deinitialize(count: 1)
      }
    }
  }

  private let buffer: ManagedBuffer<State, Primitive>

  /// Creates the lock with its initial state.
  init(_ initial: State) {
    buffer = Buffer.create(minimumCapacity: 1) { buffer in
      buffer.withUnsafeMutablePointerToElements { lock in
        #if canImport(Darwin)
          lock.initialize(to: os_unfair_lock())
        #else
          lock.initialize(to: pthread_mutex_t())
          let result = pthread_mutex_init(lock, nil)
          precondition(result == 0, "settle-bench could not initialise a mutex (error \(result))")
        #endif
      }
      return initial
    }
  }

  /// Runs `body` with exclusive access to the state.
  @inline(__always)
  func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
    try buffer.withUnsafeMutablePointers { state, lock in
      #if canImport(Darwin)
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
      #else
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
      #endif
      return try body(&state.pointee)
    }
  }
}
