/// At most one emission per interval, each the fold of the elements it covers: a
/// ``ThrottlingSequence`` whose fold is a ``Fold``, made by
/// ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:folding:buffering:clock:)``.
public typealias FoldingThrottledSequence<
  Base: AsyncSequence & Sendable, Accumulated: Sendable, C: Clock
> = ThrottlingSequence<Base, Fold<Base.Element, Accumulated>, C>
where Base.Element: Sendable, C.Duration == Duration
