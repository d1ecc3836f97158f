extension Throttling {
  /// Creates a throttler that runs `action` on `clock`'s time; `latest` names a
  /// ``ThrottleMode`` with a `Bool`.
  @available(
    *, deprecated,
    message: "use mode: .newestAtWindowEnd for latest: true, .firstAtWindowEnd for false"
  )
  public init<Value>(
    for interval: Duration,
    tolerance: Duration? = nil,
    latest: Bool,
    clock: C = ContinuousClock(),
    action: @escaping @Sendable @isolated(any) (Value) async throws(Failure) -> Success
  ) where Folding == LatestValue<Value> {
    self.init(
      for: interval, tolerance: tolerance, mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd,
      clock: clock, action: action)
  }
}
