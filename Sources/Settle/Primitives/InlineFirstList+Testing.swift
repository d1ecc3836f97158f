extension InlineFirstList {
  /// For tests: the elements, in order, as an array. The library walks a list with
  /// ``forEachElement(_:)``, which allocates nothing.
  package var elements: [Element] {
    var result: [Element] = []
    result.reserveCapacity(count)
    forEachElement { result.append($0) }
    return result
  }
}
