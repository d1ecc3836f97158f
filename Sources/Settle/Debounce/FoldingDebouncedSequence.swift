/// The fold of every element since the previous emission, once the base has been quiet for
/// an interval: a ``DebouncingSequence`` whose fold is a ``Fold``, made by
/// ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:folding:buffering:clock:)``.
public typealias FoldingDebouncedSequence<
  Base: AsyncSequence & Sendable, Accumulated: Sendable, C: Clock
> = DebouncingSequence<Base, Fold<Base.Element, Accumulated>, C>
where Base.Element: Sendable, C.Duration == Duration
