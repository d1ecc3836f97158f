extension AccessRecorder {
  /// One entry per registry read, in the order of first reads.
  ///
  /// For tests: builds an array; installation uses ``forEachAccess(_:)``.
  package var accesses: [Access] {
    var accesses: [Access] = []
    forEachAccess { access in
      accesses.append(access)
      return true
    }
    return accesses
  }
}
