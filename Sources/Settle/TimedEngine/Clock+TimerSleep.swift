extension Clock where Duration == Swift.Duration {
  /// Sleeps a timer task until `deadline`, as both engines' timers do. A cancellation ends the
  /// sleep early and quietly: `cancel()` or a shutdown replaced the timer, and its next
  /// wake-up retires it.
  ///
  /// - Precondition: The clock's sleep throws only when the task is cancelled. A timer that
  ///   looped on any other error would ask the same clock again at once, for ever.
  @usableFromInline
  func sleepForTimer(until deadline: Instant, tolerance: Duration?) async {
    do {
      try await sleep(until: deadline, tolerance: tolerance)
    } catch  where Task.isCancelled {
    } catch {
      preconditionFailure(
        "\(Self.self).sleep(until:) threw \(error) without being cancelled; Settle's timers need a clock whose sleep throws only on cancellation."
      )
    }
  }

  /// Checks the timer tolerance an owner or an operator was given, before any clock sees it.
  ///
  /// - Precondition: `tolerance` is `nil` or not negative.
  static func checkTimerTolerance(_ tolerance: Duration?) {
    guard let tolerance else { return }
    precondition(
      tolerance >= .zero,
      "The timer tolerance was \(tolerance); pass nil for the clock's default, or a duration of zero or more."
    )
  }
}
