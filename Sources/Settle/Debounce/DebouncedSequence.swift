/// The base's newest element once it has been quiet for an interval: a
/// ``DebouncingSequence`` whose fold is ``LatestValue``, made by
/// ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:buffering:clock:)``.
///
/// ``DebouncingSequence`` states its rules: eager consumption, a slow consumer, finish, error,
/// cancellation, and "due means settled".
public typealias DebouncedSequence<Base: AsyncSequence & Sendable, C: Clock> =
  DebouncingSequence<Base, LatestValue<Base.Element>, C>
where Base.Element: Sendable, C.Duration == Duration
