/// At most one of the base's elements per interval: a ``ThrottlingSequence`` whose fold is
/// ``LatestValue``, made by
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:buffering:clock:)``.
///
/// ``ThrottlingSequence`` states its rules: eager consumption, spacing kept to the end, a slow
/// consumer, error, cancellation, and "due means settled".
public typealias ThrottledSequence<Base: AsyncSequence & Sendable, C: Clock> =
  ThrottlingSequence<Base, LatestValue<Base.Element>, C>
where Base.Element: Sendable, C.Duration == Duration
