extension AsyncSequence where Self: Sendable, Element: Sendable {
  /// Emits at most one element per `interval`, measured on `clock`; `latest` names a
  /// ``ThrottleMode`` with a `Bool`.
  @available(
    *, deprecated,
    message: "use mode: .newestAtWindowEnd for latest: true, .firstAtWindowEnd for false"
  )
  public func throttled<C: Clock>(
    for interval: Duration,
    tolerance: Duration? = nil,
    latest: Bool,
    buffering: ElementBuffering = .newest,
    clock: C = ContinuousClock()
  ) -> ThrottledSequence<Self, C> where C.Duration == Duration {
    throttled(
      for: interval, tolerance: tolerance, mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd,
      buffering: buffering, clock: clock)
  }
}
