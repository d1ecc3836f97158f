/// How a value given to `sendAndWait(_:)` ended, once the run that covers it has returned.
///
/// Every value sent ends in exactly one of these, decided by the owner's rules:
///
/// | outcome | the value | returned when |
/// |---|---|---|
/// | ``ran`` | ran: a run started with it as its newest value | that run returns |
/// | ``superseded`` | a later value replaced it, and that value's run started | that run returns |
/// | ``folded`` | it was folded, with later values, into a run that started | that run returns |
/// | ``dropped`` | no run will ever cover it | at once, or at the `cancel()` |
///
/// A run that started counts even when it was cancelled while running: it started with the
/// value. A value is ``dropped`` by `cancel()` before its run started, by the owner's rules
/// (a value inside a burst with `leading: true, trailing: false`, a value a throttler's
/// window does not keep); a waiting caller keeps its owner alive, so a release never drops one.
public enum SendOutcome: Hashable, Sendable {
  /// A run started with this value as its newest value, and has returned. For a folding
  /// owner, the run's accumulation ended with this value.
  case ran
  /// A later value replaced this one, and the run of that later value has returned.
  case superseded
  /// This value was folded, with later values, into a run that has returned: the run
  /// received it (folding owners only).
  case folded
  /// No run covers this value: it was cancelled before its run started, or its owner's rules
  /// left it out.
  case dropped
}
