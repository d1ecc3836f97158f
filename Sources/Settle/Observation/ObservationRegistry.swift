/// Records which tracked properties of one object are read, and notifies the scopes that read a
/// property when it is written.
///
/// Each trackable object owns one registry (see ``TrackedObject``). ``Tracked`` calls it for
/// you; to make storage trackable by hand (a computed property, a value in a `let` box), call
/// ``access(_:keyPath:)`` before reading and wrap each write in
/// ``withMutation(of:keyPath:_:)``:
///
/// ```swift
/// final class Box<Value> {
///   var value: Value
///   init(_ value: Value) { self.value = value }
/// }
///
/// final class Thermometer: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   private let box = Box(20.0)  // storage the class does not hold itself
///
///   var celsius: Double {
///     get {
///       observationRegistry.access(self, keyPath: \.celsius)
///       return box.value
///     }
///     set {
///       observationRegistry.withMutation(of: self, keyPath: \.celsius) { box.value = newValue }
///     }
///   }
/// }
/// ```
///
/// A hand-written `_modify` accessor counts as a read as well as a write if it calls
/// ``access(_:keyPath:)`` after ``didSet(_:keyPath:)``, as ``Tracked``'s does (see there why
/// after).
///
/// Timing: scopes armed with ``withTracking(options:_:onChange:)-(_,_,()->Void)`` are called from
/// ``willSet(_:keyPath:)``, synchronously on the writing thread, before the store; after-store
/// scopes are called from ``didSet(_:keyPath:)``. Each scope is called at most once, and its
/// registrations in every registry are removed before its callback runs.
///
/// Order: the scopes that one ``willSet(_:keyPath:)`` or ``didSet(_:keyPath:)`` calls run one
/// after another in no specified order, which can change from one write to the next; a nested
/// scope is not promised to run before or after the scope around it. Apple's Observation
/// promises no order either: its order is that of a hashed set.
///
/// Thread safety: every method may be called from any thread. The bookkeeping is guarded by a
/// lock that is never held while a callback runs, so callbacks may read and write tracked
/// properties, including the one being written.
///
/// - Complexity: a read outside any scope costs one thread-local lookup, with no lock and no
///   allocation. A write through ``Tracked`` or ``withMutation(of:keyPath:_:)`` to an object
///   that no scope watches or is recording costs one atomic load, with no lock and no
///   allocation; otherwise it costs two locks plus O(scopes that read the written property),
///   however many scopes watch other properties. Memory: the registry keeps a small entry for each
///   distinct key path ever read inside a scope, for its own lifetime. For `@Tracked`
///   properties that is one per property; key paths with subscript arguments
///   (`\.items[id]`) add one per distinct argument.
public final class ObservationRegistry: Sendable {
  /// The bookkeeping, in an object of its own that scopes may hold strongly (see
  /// ``RegistryCore`` for why not this registry, weakly).
  @usableFromInline package let core = RegistryCore()
  /// ``TrackingContext/key``, copied into a stored `let`: reading the static itself runs a
  /// `swift_once` check on every tracked read (profiled at about 3% of a read).
  @usableFromInline let trackingKey: TrackingContext.Key

  /// Creates a registry with no reads recorded and no scope armed.
  public init() {
    trackingKey = TrackingContext.key
  }

  deinit {
    core.close()
  }

  /// Whether a write must tell the registry: some scope is armed on this object, or some
  /// scope is recording a read of it (see ``RegistryCore/interest``).
  @inlinable @inline(__always)
  package var isObserved: Bool {
    core.interest.value != 0
  }

  /// Records a read of `keyPath` into the current thread's tracking scope, if any.
  ///
  /// Reads made outside any scope, or inside a tracking callback, are recorded nowhere.
  ///
  /// - Complexity: O(1): outside a scope, one thread-local lookup; inside one, the lock, unless
  ///   the read repeats the scope's previous read.
  @inlinable @inline(__always)
  public func access<Subject: AnyObject, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    // Inlined into the caller, so a read outside any scope is a thread-local load and a
    // compare, without a call into this module.
    let word = TrackingContext.word(trackingKey)
    guard TrackingContext.isRecorder(word), let word else { return }
    record(into: word, keyPath: keyPath)
  }

  /// The out-of-line part of ``access(_:keyPath:)``: `word` is the thread's recorder.
  @usableFromInline
  func record(into word: UnsafeMutableRawPointer, keyPath: AnyKeyPath) {
    Unmanaged<AccessRecorder>.fromOpaque(word).takeUnretainedValue().record(self, keyPath: keyPath)
  }

  /// Announces that `keyPath` is about to change: calls, on this thread and before returning,
  /// every before-store scope that read it (or, for object-level scopes, read this object).
  ///
  /// Pair each call with ``didSet(_:keyPath:)`` once the value is stored, or use
  /// ``withMutation(of:keyPath:_:)``, which does both.
  ///
  /// - Complexity: O(scopes called).
  public func willSet<Subject: AnyObject, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    core.willSet(keyPath, of: ObjectIdentifier(subject))
  }

  /// Announces that `keyPath` has changed: calls, on this thread and before returning, every
  /// after-store scope that read it, so their callbacks see the new value.
  ///
  /// - Complexity: O(scopes called).
  public func didSet<Subject: AnyObject, Member>(
    _ subject: Subject,
    keyPath: KeyPath<Subject, Member>
  ) {
    core.didSet(keyPath, of: ObjectIdentifier(subject))
  }

  /// Runs `mutation` between ``willSet(_:keyPath:)`` and ``didSet(_:keyPath:)``.
  ///
  /// `didSet` runs even when `mutation` throws, because the value may already have changed.
  ///
  /// Both always run, even while nothing observes the object: a hand-written accessor may
  /// guard its storage with a lock of its own, taken inside `mutation`, and then a scope can
  /// count itself in and read the old value between a lock-free "nobody observes" check and
  /// the store; only the registry's lock orders the two. (`@Tracked` skips them for an
  /// unobserved object: its whole setter is one access under the class's thread rules.)
  ///
  /// - Complexity: O(scopes called), plus the cost of `mutation`.
  @inlinable
  public func withMutation<Subject: AnyObject, Member, T>(
    of subject: Subject,
    keyPath: KeyPath<Subject, Member>,
    _ mutation: () throws -> T
  ) rethrows -> T {
    willSet(subject, keyPath: keyPath)
    defer { didSet(subject, keyPath: keyPath) }
    return try mutation()
  }
}
