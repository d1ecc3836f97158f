extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per `interval`, measured on `clock`: the first at once, then
  /// what `mode` says of the elements received in each window (see ``ThrottleMode``).
  ///
  /// ```swift
  /// let (progress, reporting) = AsyncStream.makeStream(of: Double.self)
  /// for step in 0...100 {
  ///   reporting.yield(Double(step) / 100)  // a download reports far more often than a UI needs
  /// }
  /// reporting.finish()
  /// for await fraction in progress.throttled(for: .milliseconds(250)) {
  ///   print("downloaded", fraction)  // 0.0 at once, then the newest every 250 ms, 1.0 last
  /// }
  /// ```
  ///
  /// No two elements are emitted closer than `interval`, however the base ends. See
  /// ``ThrottlingSequence`` for the rules, and iterate the result in one task at a time.
  ///
  /// - Parameters:
  ///   - interval: The shortest spacing between two emitted elements.
  ///   - tolerance: How late the timer may wake past a deadline; `nil` leaves it to the clock.
  ///   - mode: What happens to the elements received inside a window: the newest is emitted
  ///     at its end (the default), the first is, or all are dropped (a cooldown); or, with
  ///     ``ThrottleMode/newestAtWindowEndOnly``, even the element that opens a window waits
  ///     for its end, where only the newest is emitted (RxJS's `auditTime`).
  ///   - buffering: What is kept of the elements that become due while the consumer is busy;
  ///     only the newest by default (see ``ElementBuffering``).
  ///   - clock: The clock windows are measured on; `ContinuousClock` by default.
  /// - Precondition: `interval` is not negative, nor is `tolerance`.
  public func throttled<C: Clock>(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    buffering: ElementBuffering = .newest,
    clock: C = ContinuousClock()
  ) -> ThrottledSequence<Self, C> where C.Duration == Duration {
    precondition(interval >= .zero, "throttled(for:) was given \(interval); pass zero or more.")
    return ThrottlingSequence(
      recipe: TimedSequenceRecipe(
        base: self,
        machine: .init(interval: interval, mode: mode, fold: NumberedFold(LatestValue())),
        buffering: buffering, clock: clock, tolerance: tolerance))
  }

  /// Emits at most one element per `interval`, measured on `clock`: the first element at
  /// once, then at each window's end the fold of every element received in the window.
  ///
  /// ```swift
  /// // Batch a chatty sensor: at most one batch a second, and no reading lost.
  /// let (readings, sensor) = AsyncStream.makeStream(of: Double.self)
  /// for reading in [20.5, 20.6, 20.4] { sensor.yield(reading) }
  /// sensor.finish()
  /// for await batch in readings.throttled(for: .seconds(1), folding: .collect) {
  ///   print(batch)  // [20.5] at once, then [20.6, 20.4] a second later
  /// }
  /// ```
  ///
  /// ``ThrottlingSequence`` says what it emits and when, and how to iterate it. The parameters
  /// are those of ``_Concurrency/AsyncSequence/throttled(for:tolerance:mode:buffering:clock:)``,
  /// with `fold` saying how elements join the accumulation a window's end emits:
  /// ``Fold/collect`` or ``Fold/reducing(into:_:)``. ``ThrottleMode/newestAtWindowEnd`` folds
  /// every element received inside the window, ``ThrottleMode/newestAtWindowEndOnly`` every
  /// element of the window; the other modes keep one element per emission.
  public func throttled<Accumulated: Sendable, C: Clock>(
    for interval: Duration,
    tolerance: Duration? = nil,
    mode: ThrottleMode = .newestAtWindowEnd,
    folding fold: Fold<Element, Accumulated>,
    buffering: ElementBuffering = .newest,
    clock: C = ContinuousClock()
  ) -> FoldingThrottledSequence<Self, Accumulated, C> where C.Duration == Duration {
    precondition(interval >= .zero, "throttled(for:) was given \(interval); pass zero or more.")
    return ThrottlingSequence(
      recipe: TimedSequenceRecipe(
        base: self,
        machine: .init(interval: interval, mode: mode, fold: NumberedFold(fold)),
        buffering: buffering, clock: clock, tolerance: tolerance))
  }
}
