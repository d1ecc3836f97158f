// The initialisers that choose how a `@Tracked` assignment is compared. Overloads, so the
// choice is made where the property is declared, from what its type is known to conform to;
// see `Tracked` for the rule.

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
