/// Makes a stored property of a ``TrackedObject`` observable, property by property.
///
/// ```swift
/// final class LibraryStore: TrackedObject {
///   let observationRegistry = ObservationRegistry()
///   @Tracked var books: [String] = []
///   @Tracked var borrowedCount = 0
/// }
/// ```
///
/// A read records the property into the current tracking scope (see
/// ``withTracking(options:_:onChange:)-(_,_,()->Void)``).
/// A write first calls the scopes that read it (before the store), stores, then calls the
/// after-store scopes. Assigning a value equal to the current one notifies nobody and stores
/// nothing; mutating in place (`books.append`) always notifies, and stays in place: appending
/// to a tracked array is amortised O(1).
///
/// "Equal" means `==` for an `Equatable` type (also for an `Equatable` class), identity for
/// any other class; values of any other type are never equal, and each assignment notifies.
/// The kind of comparison is chosen once, when the property is initialised: by the
/// initialiser's overloads where the property's type is known to be `Equatable` or a class,
/// otherwise by asking the type once at run time. A write then never asks whether a value is
/// `Equatable`; only a property whose type is an existential (`any Hashable`) or an optional
/// one that is not `Equatable` compares what it holds at each write, as it must.
///
/// Mutating in place is also a read, as with Apple's `@Observable`: inside a scope,
/// `borrowedCount += 1` or `books.append(x)` records the property, so the next change to it
/// calls the scope. The read is taken after the store, of the value the mutation leaves, so the
/// mutation itself is not a change the scope missed and calls nothing: a ``RenderTracker``
/// render or a ``TrackedValues`` closure that mutates what it shows does not invalidate itself.
///
/// Swift runs the property's own `willSet` and `didSet` observers outside the wrapper, so the
/// observer's `willSet` runs before any scope is called and its `didSet` after the after-store
/// scopes; a property wrapper cannot reorder them (Apple's macro calls `onChange` first). With
/// an observer, Swift also reads the property before it writes it: for `+=` and `append`, which
/// then copy the value rather than mutate it in place, and for every assignment when `didSet`
/// uses `oldValue`. Inside a scope that is a read followed by a write to what was read, so the
/// scope is called as soon as it is armed (see
/// ``withTracking(options:_:onChange:)-(_,_,()->Void)``). A
/// `didSet` that does not use `oldValue` adds no read to an assignment.
///
/// Thread rules: see ``TrackedObject``. The wrapper is only usable inside a class that
/// conforms to ``TrackedObject``.
///
/// - Complexity: a read outside any scope adds one thread-local lookup to the stored read. An
///   assignment adds its comparison and one atomic load: while no scope is armed on the object
///   and none is recording a read of it, that is all, with no lock and no allocation.
///   Otherwise it adds two locks (before and after the store) and O(scopes that read this
///   property). A mutation in place adds the same without the comparison, plus the read's
///   lookup.
@propertyWrapper
public struct Tracked<Value> {
  @usableFromInline
  var storage: Value
  /// How an assignment finds that it changes nothing; chosen by the initialiser's overload.
  @usableFromInline
  let comparison: AssignmentComparison

  // Here, not with the other overloads in Tracked+Comparison.swift: Swift 6.3 initialises a
  // wrapped property assigned in a client's `init` (`status = …` in TileCalculator) only
  // through an `init(wrappedValue:)` declared in the wrapper type itself.
  /// Creates the property with its initial value, for a type not known here to be
  /// `Equatable` or a class: a generic parameter, an existential, or a type with neither.
  ///
  /// Asks the type once, now, how to compare it (see ``Tracked``), so that no write has to;
  /// the constrained overloads for `Equatable` and class types skip even that.
  ///
  /// - Complexity: one run-time conformance check per initialisation (cached by the runtime).
  public init(wrappedValue: Value) {
    storage = wrappedValue
    comparison = AssignmentComparison(holding: wrappedValue)
  }

  /// Creates the property with its initial value and the comparison `comparison`.
  @usableFromInline
  init(storage: Value, comparison: AssignmentComparison) {
    self.storage = storage
    self.comparison = comparison
  }

  /// Unavailable: `@Tracked` needs the enclosing ``TrackedObject`` to find its registry.
  @available(*, unavailable, message: "@Tracked is only usable in TrackedObject classes")
  public var wrappedValue: Value {
    get { fatalError("unreachable") }
    set { fatalError("unreachable") }
  }

  /// The tracked accessors the compiler uses for a property of a ``TrackedObject``.
  ///
  /// One subscript for every `Value`: Swift 6.3 refuses a property wrapper with more than one
  /// enclosing-self subscript ("multiple enclosing-self subscripts"), and one declared in a
  /// constrained extension is not considered at all, so the comparison is chosen by
  /// overloading the initialiser instead, and stored (see ``isSame(_:_:by:)``).
  ///
  /// Inlinable so that it is specialised for each property in the client's module:
  /// unspecialised, every read went through generic key-path projection and metadata lookups
  /// (several times the cost of the read itself; see Documentation/Performance.md).
  ///
  /// - Complexity: a read outside any scope adds one thread-local lookup to the stored read; a
  ///   write to an object nothing observes adds one atomic load. See ``Tracked``.
  @inlinable
  public static subscript<Enclosing: TrackedObject>(
    _enclosingInstance instance: Enclosing,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<Enclosing, Tracked<Value>>
  ) -> Value {
    // Always inlined into the property's own accessor: only there are the key paths literals
    // the optimiser folds into a field access. Called out of line, each access projected them
    // at run time (`swift_modifyAtReferenceWritableKeyPath`, with an allocation per write).
    @inline(__always) get {
      instance.observationRegistry.access(instance, keyPath: wrappedKeyPath)
      return instance[keyPath: storageKeyPath].storage
    }
    @inline(__always) set {
      let current = instance[keyPath: storageKeyPath]
      if isSame(current.storage, newValue, by: current.comparison) { return }
      store(newValue, instance, wrappedKeyPath, storageKeyPath)
    }
    @inline(__always) _modify {
      let registry = instance.observationRegistry
      // Decided once, so `willSet` never runs without its `didSet`. One `yield` on every
      // path: a coroutine with two yield sites is not inlined, and out of line the key paths
      // were projected at run time (with an allocation and metadata look-ups per mutation).
      let observed = registry.isObserved
      if observed { registry.willSet(instance, keyPath: wrappedKeyPath) }
      defer {
        if observed { registry.didSet(instance, keyPath: wrappedKeyPath) }
        // After the store, so the read carries the version this write left: a scope's own
        // `+=` must not count as a change it missed, or a render or a `TrackedValues`
        // closure that mutates would invalidate itself forever. The class's thread rules
        // keep other writes to this property out of the gap since `didSet`.
        registry.access(instance, keyPath: wrappedKeyPath)
      }
      // Yielding the storage itself keeps `append` and friends in place: no copy.
      yield &instance[keyPath: storageKeyPath].storage
    }
  }

  /// The store, once the setter decided the value differs.
  @inlinable @inline(__always)
  static func store<Enclosing: TrackedObject>(
    _ newValue: Value,
    _ instance: Enclosing,
    _ wrappedKeyPath: ReferenceWritableKeyPath<Enclosing, Value>,
    _ storageKeyPath: ReferenceWritableKeyPath<Enclosing, Tracked<Value>>
  ) {
    let registry = instance.observationRegistry
    // Decided once per write, so a write never runs `willSet` without its `didSet` (the
    // pair keeps the registry's count of writes in progress balanced).
    guard registry.isObserved else {
      instance[keyPath: storageKeyPath].storage = newValue
      return
    }
    registry.willSet(instance, keyPath: wrappedKeyPath)
    instance[keyPath: storageKeyPath].storage = newValue
    registry.didSet(instance, keyPath: wrappedKeyPath)
  }
}

extension Tracked: Sendable where Value: Sendable {}
