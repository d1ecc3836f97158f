extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits an element once the sequence has been quiet for `interval`, measured on `clock`.
  ///
  /// ```swift
  /// // Search once the user pauses typing for 300 ms.
  /// for await query in queries.debounced(for: .milliseconds(300)) {
  ///   results = await catalog.search(query)
  /// }
  /// ```
  ///
  /// With interval 3 and inputs `a@0 b@1 c@2 d@3 e@8 f@12 g@14`, then finish at 19, the
  /// output is `d@6 e@11 g@17`, then the end at 19. See ``DebouncedSequence`` for finish,
  /// error and cancellation.
  ///
  /// - Precondition: `interval` and `options.maxWait` are not negative.
  public func debounced<C: Clock>(
    for interval: Duration,
    options: DebounceOptions = DebounceOptions(),
    clock: C
  ) -> DebouncedSequence<Self, C> where C.Duration == Duration {
    precondition(interval >= .zero, "debounced(for:) was given \(interval); pass zero or more.")
    return DebouncedSequence(base: self, interval: interval, options: options, clock: clock)
  }

  /// Emits an element once the sequence has been quiet for `interval` of real time.
  ///
  /// ```swift
  /// for await size in windowSizes.debounced(for: .milliseconds(100)) {
  ///   layout(for: size)
  /// }
  /// ```
  ///
  /// - Precondition: `interval` is not negative.
  public func debounced(
    for interval: Duration,
    options: DebounceOptions = DebounceOptions()
  ) -> DebouncedSequence<Self, ContinuousClock> {
    debounced(for: interval, options: options, clock: ContinuousClock())
  }
}
