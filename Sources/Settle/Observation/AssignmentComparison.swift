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
