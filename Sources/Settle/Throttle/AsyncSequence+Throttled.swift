extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per `interval`, measured on `clock`: the first at once, then
  /// at each window's end the newest (`latest: true`) or the first element received in it.
  ///
  /// Unlike a pull-based throttle, the element due at a window's end is emitted on the timer,
  /// without waiting for the base to produce another one.
  ///
  /// ```swift
  /// for await progress in downloads.progress.throttled(for: .milliseconds(250)) {
  ///   progressBar.value = progress
  /// }
  /// ```
  ///
  /// - Precondition: `interval` is not negative.
  public func throttled<C: Clock>(
    for interval: Duration,
    latest: Bool = true,
    clock: C
  ) -> ThrottledSequence<Self, C> where C.Duration == Duration {
    precondition(interval >= .zero, "throttled(for:) was given \(interval); pass zero or more.")
    return ThrottledSequence(base: self, interval: interval, latest: latest, clock: clock)
  }

  /// Emits at most one element per `interval` of real time.
  ///
  /// ```swift
  /// for await location in locations.throttled(for: .seconds(1)) {
  ///   await upload(location)
  /// }
  /// ```
  ///
  /// - Precondition: `interval` is not negative.
  public func throttled(
    for interval: Duration,
    latest: Bool = true
  ) -> ThrottledSequence<Self, ContinuousClock> {
    throttled(for: interval, latest: latest, clock: ContinuousClock())
  }
}
