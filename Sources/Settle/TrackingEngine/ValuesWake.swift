/// What a suspended values iterator learns when it is resumed.
@usableFromInline
package enum ValuesWake: Sendable, Equatable {
  /// A value the closure read changed: read it again.
  case changed
  /// The task was cancelled, or nothing read can change any more: end the sequence.
  case ended
}
