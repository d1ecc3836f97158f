extension InlineFirstList {
  /// For tests: the elements, in order, as an array.
  package var elements: [Element] {
    var result: [Element] = []
    result.reserveCapacity(count)
    forEachElement { result.append($0) }
    return result
  }
}
