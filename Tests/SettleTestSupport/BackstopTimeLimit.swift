import Testing

extension Trait where Self == TimeLimitTrait {
  /// Swift Testing's `.timeLimit`, scaled by `SETTLE_TIME_LIMIT_SCALE` (a whole number, 1 when
  /// unset): a real-time backstop for a suite whose waits are all bounded.
  ///
  /// The bounded waits decide when a test has hung, on the watchdog's live time, and they scale
  /// with the machine's load and with `SETTLE_WAIT_LIMIT_SECONDS`. A real-time limit does
  /// neither: under a sanitizer, where CI lets one bounded wait take a minute and the whole
  /// suite runs several times slower on two cores, a one-minute limit cancelled tests that were
  /// only waiting for their turn (a cancelled `next()` then returns `nil`, which reads as a
  /// wrong element). CI raises the scale for its sanitizer runs, so that the backstop stays
  /// above what a bounded wait may take.
  ///
  /// ```swift
  /// @Suite("TaskTriggerRunner", .backstop(minutes: 1), .watched)
  /// ```
  public static func backstop(minutes: Int) -> Self {
    .timeLimit(.minutes(minutes * timeLimitScale))
  }
}

/// `SETTLE_TIME_LIMIT_SCALE`, or 1 when it is not set or not a positive whole number.
private let timeLimitScale: Int = {
  guard let text = Environment.value("SETTLE_TIME_LIMIT_SCALE"), let scale = Int(text),
    scale > 0
  else { return 1 }
  return scale
}()
