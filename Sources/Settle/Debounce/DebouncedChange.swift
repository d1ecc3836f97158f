/// What `onChange(of:debounce:)` does, without SwiftUI: a ``Debouncer`` that lives while the
/// view is on screen, fed each change, handed the newest action, attached to the view's
/// ``DebounceControl``, ended by the view's disappearance as its ``PendingValuePolicy``
/// says, and run when the scene enters the background if its ``BackgroundPolicy`` says so.
/// The modifier only forwards SwiftUI's callbacks here, so the Linux tests cover every
/// decision.
@MainActor
package final class DebouncedChange<Value: Sendable> {
  /// The action from the view's latest update; the debouncer's runs call it, so a run that
  /// outlives the view (`.runPending`) still has one.
  @MainActor
  final class LatestAction {
    var action: (@MainActor @Sendable (Value) -> Void)?
  }

  let interval: Duration
  let options: DebounceOptions
  let onDisappear: PendingValuePolicy
  let onBackground: BackgroundPolicy
  let clock: AnyClock<Duration>
  let latest = LatestAction()
  private var debouncer: Debouncer<Value, AnyClock<Duration>>?

  /// - Precondition: `interval` is not negative.
  package init(
    interval: Duration, options: DebounceOptions, onDisappear: PendingValuePolicy,
    onBackground: BackgroundPolicy = .keepPending,
    clock: AnyClock<Duration> = AnyClock(ContinuousClock())
  ) {
    self.interval = interval
    self.options = options
    self.onDisappear = onDisappear
    self.onBackground = onBackground
    self.clock = clock
  }

  /// The view updated: later runs call `action`.
  package func update(action: @escaping @MainActor @Sendable (Value) -> Void) {
    latest.action = action
  }

  /// The watched value changed (or appeared, with `initial`): restarts the quiet period.
  package func changed(to value: Value, control: DebounceControl?) {
    let current = debouncer ?? makeDebouncer()
    if debouncer == nil {
      debouncer = current
      control?.attach(current)
    }
    current.send(value)
  }

  /// The view disappeared: the debouncer is let go, and its release runs or drops the
  /// pending value as `onDisappear` says (it was made with that `onRelease` policy); a later
  /// change starts a new one. The control is detached first: it holds the debouncer too.
  package func disappeared(control: DebounceControl?) {
    control?.detach()
    debouncer = nil
  }

  /// The scene entered the background: with ``BackgroundPolicy/runPending`` the pending value
  /// runs now, and it and any run under way finish under `flush`'s assertion; the task is
  /// returned for tests to await. With ``BackgroundPolicy/keepPending``, or with nothing
  /// pending or running, nothing happens and no assertion is taken.
  @discardableResult
  package func enteredBackground(using flush: BackgroundFlush) -> Task<Void, Never>? {
    guard onBackground == .runPending, let debouncer, !debouncer.runs.isIdle else { return nil }
    return flush.sceneEnteredBackground(flushing: [debouncer])
  }

  /// Whether a value waits to run: for tests.
  package var isPending: Bool { debouncer?.isPending ?? false }

  private func makeDebouncer() -> Debouncer<Value, AnyClock<Duration>> {
    let latest = self.latest
    return Debouncer(
      for: interval, options: options, onRelease: onDisappear, clock: clock
    ) { @MainActor value in
      latest.action?(value)
    }
  }
}
