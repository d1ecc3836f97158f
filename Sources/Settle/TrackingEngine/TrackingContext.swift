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
  #error("Settle's tracking context has no thread-local storage for this platform")
#endif

/// What the current thread is doing with tracked reads.
///
/// A scope is only ever active during the synchronous `apply` closure of ``withTracking``, so a
/// true thread-local is correct, and much cheaper than a task-local: a read outside any scope
/// costs one `pthread_getspecific` and a compare.
@usableFromInline
package enum TrackingContext {
  #if canImport(WinSDK)
    @usableFromInline package typealias Key = DWORD
  #else
    @usableFromInline package typealias Key = pthread_key_t
  #endif

  /// The thread's scope word: `nil` (no scope), ``suppressedMarker`` or an unretained recorder.
  @inline(__always)
  package static var current: UnsafeMutableRawPointer? {
    get { word(key) }
    set {
      #if canImport(WinSDK)
        _ = TlsSetValue(key, newValue)
      #else
        _ = pthread_setspecific(key, newValue)
      #endif
    }
  }

  /// The scope word stored under `key`, which must be ``key``.
  ///
  /// Takes the key as an argument so that the tracked-read path can pass a copy it keeps in a
  /// stored `let` (see ``ObservationRegistry``): reading the lazily initialised static ``key``
  /// costs a `swift_once` check on every call.
  @inlinable @inline(__always)
  package static func word(_ key: Key) -> UnsafeMutableRawPointer? {
    #if canImport(WinSDK)
      TlsGetValue(key)
    #else
      pthread_getspecific(key)
    #endif
  }

  /// Whether `word` names a recorder, rather than no scope or suppressed reads.
  ///
  /// One unsigned compare: `nil` is 0 and ``suppressedMarker`` is 1, below any object address.
  @inlinable @inline(__always)
  package static func isRecorder(_ word: UnsafeMutableRawPointer?) -> Bool {
    UInt(bitPattern: word) > 1
  }

  /// The recorder that reads on this thread go to, if any.
  @inline(__always)
  package static var recorder: AccessRecorder? {
    guard let word = current, isRecorder(word) else { return nil }
    return Unmanaged<AccessRecorder>.fromOpaque(word).takeUnretainedValue()
  }

  /// Never a valid object address, so it can share the word with recorder pointers;
  /// ``isRecorder(_:)`` relies on its value being 1.
  package static var suppressedMarker: UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(bitPattern: 1)!
  }

  #if canImport(WinSDK)
    package static let key: DWORD = {
      let key = TlsAlloc()
      precondition(key != TLS_OUT_OF_INDEXES, "Settle could not allocate a thread-local slot")
      return key
    }()
  #else
    package static let key: pthread_key_t = {
      var key = pthread_key_t()
      let result = pthread_key_create(&key, nil)
      precondition(result == 0, "Settle could not create a thread-local key (error \(result))")
      return key
    }()
  #endif

  /// Runs user callbacks so that their reads are recorded into no scope, even when they run
  /// inside another scope's `apply` (a write there fires this callback synchronously).
  package static func suppressingReads(_ body: () -> Void) {
    let previous = current
    current = suppressedMarker
    defer { current = previous }
    body()
  }

  /// Runs `apply` with `recorder` as the thread's scope; afterwards the reads are merged into the
  /// enclosing scope, because a nested scope's reads are the outer scope's reads too.
  package static func recording<T>(
    into recorder: AccessRecorder,
    _ apply: () throws -> T
  ) rethrows -> T {
    let previous = current
    current = Unmanaged.passUnretained(recorder).toOpaque()
    defer {
      current = previous
      if let previous, isRecorder(previous) {
        recorder.merge(into: Unmanaged<AccessRecorder>.fromOpaque(previous).takeUnretainedValue())
      }
    }
    return try withExtendedLifetime(recorder) { try apply() }
  }
}
