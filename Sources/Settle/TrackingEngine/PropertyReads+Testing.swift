extension PropertyReads {
  /// Each property read once, in the order of first reads.
  ///
  /// For tests: builds an array; arming and firing use
  /// ``forEachRead(_:)``, which allocates nothing.
  package var reads: [Read] {
    var reads: [Read] = []
    forEachRead { reads.append($0) }
    return reads
  }
}
