extension Array where Element == Ran<String> {
  /// Each key's runs, in the order they ran, for runs recorded as "key:value": what a keyed
  /// owner promises. Runs of different keys may overlap, so two due at one instant start in
  /// either order, and a test that compared the whole list would fail at random.
  var byKey: [Substring: [Ran<String>]] {
    Dictionary(grouping: self) { $0.value.prefix { $0 != ":" } }
  }
}
