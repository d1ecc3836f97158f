// The nested iterator types that PacedSequenceIterator replaced, kept for one release so
// that code naming them still compiles, with a warning that names the new type.

extension DebouncingSequence {
  /// The iterator's former name: one ``PacedSequenceIterator`` now serves every operator.
  @available(
    *, deprecated, renamed: "AsyncIterator",
    message: "one PacedSequenceIterator<Base, Element> now serves every operator"
  )
  public typealias Iterator = PacedSequenceIterator<Base, Element>
}

extension ThrottlingSequence {
  /// The iterator's former name: one ``PacedSequenceIterator`` now serves every operator.
  @available(
    *, deprecated, renamed: "AsyncIterator",
    message: "one PacedSequenceIterator<Base, Element> now serves every operator"
  )
  public typealias Iterator = PacedSequenceIterator<Base, Element>
}
