extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element once the sequence has been quiet for `interval`, measured on `clock`.
  ///
  /// ```swift
  /// // Search once the user pauses typing for 300 ms.
  /// let (queries, typing) = AsyncStream.makeStream(of: String.self)
  /// typing.yield("du")  // in an app, the text field's change callback yields
  /// typing.yield("dune")
  /// typing.finish()
  /// for await query in queries.debounced(for: .milliseconds(300)) {
  ///   print(await Catalog.search(query))  // once, for "dune"
  /// }
  /// ```
  ///
  /// With interval 3 and inputs `a@0 b@1 c@2 d@3 e@8 f@12 g@14`, then finish at 19, the
  /// output is `d@6 e@11 g@17`, then the end at 19. See ``DebouncingSequence`` for finish,
  /// error, cancellation and a slow consumer.
  ///
  /// Iterate the result in one task at a time: see ``DebouncingSequence`` for why.
  ///
  /// - Parameters:
  ///   - interval: How long the base must be quiet before its newest element is emitted.
  ///   - tolerance: How late the timer may wake past a deadline; `nil` leaves it to the clock.
  ///   - options: Leading and trailing edges and `maxWait`; trailing only by default.
  ///   - buffering: What is kept of the elements that become due while the consumer is busy;
  ///     only the newest by default (see ``ElementBuffering``).
  ///   - clock: The clock the interval is measured on; `ContinuousClock` by default.
  /// - Precondition: `interval`, `tolerance` and `options.maxWait` are not negative.
  public func debounced<C: Clock>(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    buffering: ElementBuffering = .newest,
    clock: C = ContinuousClock()
  ) -> DebouncedSequence<Self, C> where C.Duration == Duration {
    precondition(interval >= .zero, "debounced(for:) was given \(interval); pass zero or more.")
    return DebouncingSequence(
      recipe: TimedSequenceRecipe(
        base: self,
        machine: .init(interval: interval, options: options, fold: NumberedFold(LatestValue())),
        buffering: buffering, clock: clock, tolerance: tolerance))
  }

  /// Emits, once the sequence has been quiet for `interval`, the fold of every element since
  /// the previous emission, measured on `clock`.
  ///
  /// ```swift
  /// // Rebuild once the file events pause, for every path that changed.
  /// let (events, watcher) = AsyncStream.makeStream(of: String.self)
  /// watcher.yield("Sources/App.swift")  // in an app, a file watcher's callback yields
  /// watcher.yield("Sources/Model.swift")
  /// watcher.finish()
  /// for await paths in events.debounced(for: .milliseconds(200), folding: .collect) {
  ///   print("rebuild for", paths)  // once, for both paths
  /// }
  /// ```
  ///
  /// ``DebouncingSequence`` says what it emits and when, and how to iterate it. The parameters
  /// are those of ``_Concurrency/AsyncSequence/debounced(for:tolerance:options:buffering:clock:)``,
  /// with `fold` saying how elements join the pending accumulation: ``Fold/collect`` or
  /// ``Fold/reducing(into:_:)``.
  public func debounced<Accumulated: Sendable, C: Clock>(
    for interval: Duration,
    tolerance: Duration? = nil,
    options: DebounceOptions = DebounceOptions(),
    folding fold: Fold<Element, Accumulated>,
    buffering: ElementBuffering = .newest,
    clock: C = ContinuousClock()
  ) -> FoldingDebouncedSequence<Self, Accumulated, C> where C.Duration == Duration {
    precondition(interval >= .zero, "debounced(for:) was given \(interval); pass zero or more.")
    return DebouncingSequence(
      recipe: TimedSequenceRecipe(
        base: self,
        machine: .init(interval: interval, options: options, fold: NumberedFold(fold)),
        buffering: buffering, clock: clock, tolerance: tolerance))
  }
}
