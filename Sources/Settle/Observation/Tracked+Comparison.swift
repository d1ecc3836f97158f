// How a `@Tracked` assignment finds that it changes nothing, in one file: the initialisers
// that choose the comparison where the property is declared, from what its type is known to
// conform to; the run-time choice for every other type; and the comparison each write makes.
// The rule itself is stated on `Tracked`. The unconstrained initialiser, which makes the
// run-time choice, stays in Tracked.swift (see there why).

extension Tracked {
  /// Whether assigning `new` over `old` changes nothing an observer could see, compared the
  /// way the property's initialiser chose.
  ///
  /// No branch but `.dynamic` asks at run time whether a value conforms: `.equatable` is
  /// chosen only for an `Equatable` `Value`, so once the subscript is specialised for a
  /// concrete `Value` the optimiser folds the cast below to that type's `==`; `.identity` only
  /// for a class, and the `AnyObject.Type` test folds to a constant. A specialised write has
  /// no `swift_dynamicCast` (Scripts/check-write-codegen checks the benchmark's build).
  @inlinable @inline(__always)
  static func isSame(_ old: Value, _ new: Value, by comparison: AssignmentComparison) -> Bool {
    // The common case inline and first; the others out of line, so they cost the write of an
    // `Equatable` property neither code size nor a jump table.
    guard comparison == .equatable else { return isSameOtherwise(old, new, by: comparison) }
    guard let old = old as? any Equatable else { return false }
    return old.isEqual(to: new)
  }

  /// ``isSame(_:_:by:)`` for every comparison but `.equatable`.
  @inlinable @inline(never)
  static func isSameOtherwise(
    _ old: Value, _ new: Value, by comparison: AssignmentComparison
  ) -> Bool {
    switch comparison {
    case .none:
      return false
    case .identity:
      break
    case .dynamic, .equatable:  // `.equatable` is decided inline; listed to be exhaustive
      if let old = old as? any Equatable { return old.isEqual(to: new) }
    }
    guard Value.self is AnyObject.Type else { return false }
    return (old as AnyObject) === (new as AnyObject)
  }
}

extension Tracked where Value: Equatable {
  /// Creates a property whose assignments compare with `==`: assigning a value equal to the
  /// current one notifies nobody and stores nothing.
  ///
  /// - Complexity: each assignment adds one `==` to the write.
  public init(wrappedValue: Value) {
    self.init(storage: wrappedValue, comparison: .equatable)
  }
}

extension Tracked where Value: AnyObject {
  /// Creates a property whose assignments compare by identity: assigning the object already
  /// stored notifies nobody.
  ///
  /// - Complexity: each assignment adds one pointer comparison to the write.
  public init(wrappedValue: Value) {
    self.init(storage: wrappedValue, comparison: .identity)
  }
}

extension Tracked where Value: Equatable & AnyObject {
  /// Creates a property of an `Equatable` class, whose assignments compare with `==` (its
  /// own definition of equal) rather than by identity, as Apple's `@Observable` does.
  ///
  /// - Complexity: each assignment adds one `==` to the write.
  public init(wrappedValue: Value) {
    self.init(storage: wrappedValue, comparison: .equatable)
  }
}

/// How a ``Tracked`` assignment finds that the new value changes nothing.
@usableFromInline
enum AssignmentComparison: Sendable {
  /// With `==`: the property's type is `Equatable`.
  case equatable
  /// By identity: the property's type is a class that is not `Equatable`.
  case identity
  /// Not at all: the type is neither, and every assignment notifies.
  case none
  /// Asked of the values at each write, as `equatable` or `identity` if they allow: the type is
  /// an existential or an optional, whose values can have types of their own.
  case dynamic

  /// The comparison for a property of type `Value`, first holding `value`, whose declaration
  /// did not say whether the type is `Equatable` or a class.
  @usableFromInline
  init<Value>(holding value: Value) {
    if Value.self is any Equatable.Type {
      self = .equatable
    } else if Value.self is AnyObject.Type {
      self = .identity
    } else if Value.self is any OptionalValue.Type || type(of: value as Any) != Value.self {
      // The value's own type differs from the static one only for an existential, whose
      // values carry their own types (`as Any` first: in a generic context `type(of:)`
      // answers the existential itself). An optional may wrap such a value.
      self = .dynamic
    } else {
      self = .none
    }
  }
}

/// Optional's marker, so that ``AssignmentComparison`` can tell an optional type apart.
protocol OptionalValue {}

extension Optional: OptionalValue {}

extension Equatable {
  /// `==` against a value of another static type: `false` unless it has this type.
  ///
  /// Generic rather than taking `Any`, so that once ``Tracked`` is specialised for a concrete
  /// value type the optimiser folds both casts away and a write compares with a plain `==`.
  @inlinable
  func isEqual<Other>(to other: Other) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}
