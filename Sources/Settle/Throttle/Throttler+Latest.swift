extension Throttler {
  /// Creates a throttler that runs `action` on `clock`'s time; `latest` names a
  /// ``ThrottleMode`` with a `Bool`.
  @available(
    *, deprecated,
    message: "use mode: .newestAtWindowEnd for latest: true, .firstAtWindowEnd for false"
  )
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    latest: Bool,
    clock: C,
    action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      for: interval, tolerance: tolerance, mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd,
      clock: clock, action: action)
  }
}

extension Throttler where C == ContinuousClock {
  /// Creates a throttler measured on `ContinuousClock`; `latest` names a ``ThrottleMode``
  /// with a `Bool`.
  @available(
    *, deprecated,
    message: "use mode: .newestAtWindowEnd for latest: true, .firstAtWindowEnd for false"
  )
  public init(
    for interval: Duration,
    tolerance: Duration? = nil,
    latest: Bool,
    action: @escaping @Sendable @isolated(any) (Value) async -> Void
  ) {
    self.init(
      for: interval, tolerance: tolerance, mode: latest ? .newestAtWindowEnd : .firstAtWindowEnd,
      clock: ContinuousClock(), action: action)
  }
}
