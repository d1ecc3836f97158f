import Settle

/// One values iterator (`TrackedValues`, `ObservedValues`) and the writes, cancellation and
/// discard around it, over the pure ``ValuesWakeState`` its link keeps, modelled on the real
/// code's steps:
/// - a write the armed tracking reports calls `changed()`, from any thread, at any point;
/// - `next()` first takes a ready change (`takeReadyWake()`, one lock), then, with nothing
///   ready, installs its cancellation handler and hands in its waiter (`nextChange`'s `wait`,
///   a second lock): two steps, with room for a write between;
/// - cancelling the task only sets its flag, unless the handler is installed (about to wait,
///   or waiting), which calls `end()`; a cancelled task that takes a change ends before it
///   reads (`ValuesIteration.readUnlessCancelled`);
/// - a discard (every object read is gone) calls `end()` at any point.
///
/// Guarantees: no wake is lost (an iterator never stays suspended after a write it did not
/// read, nor after the cancellation or the discard), a waiter is resumed at most once and only
/// while it waits, and a cancelled or discarded iterator finishes at its next step.
struct ValuesWakeWorld: ExplorableWorld {
  enum Event: CustomStringConvertible {
    case write
    case cancel
    case discard
    case next
    case suspend
    case resume

    var description: String {
      switch self {
      case .write: "a property the last read read is written"
      case .cancel: "the iterating task is cancelled"
      case .discard: "every object the last read read is released"
      case .next: "next() is called and takes no ready change"
      case .suspend: "next() installs its cancellation handler and hands in its waiter"
      case .resume: "the suspended next() resumes"
      }
    }
  }

  enum Iterator: Equatable {
    /// Returned an element; the next `next()` has not come yet.
    case betweenElements
    /// Found nothing ready, and is about to hand in its waiter: a separate step, because
    /// the link takes the lock twice, and a write can come between.
    case aboutToWait
    case suspended(waiter: Int)
    case resumed(ValuesWake)
    case finished
  }

  let maxWrites: Int
  var state = ValuesWakeState<Int>()
  var iterator = Iterator.betweenElements
  var writes = 0
  var cancelled = false
  var discarded = false
  /// Whether a write came after the latest read: that read's value is stale.
  var unreadWrite = false
  var nextWaiter = 1

  init(maxWrites: Int) {
    self.maxWrites = maxWrites
  }

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if writes < maxWrites, !discarded, iterator != .finished { events.append(.write) }
    if !cancelled { events.append(.cancel) }
    if !discarded { events.append(.discard) }
    if iterator == .betweenElements { events.append(.next) }
    if iterator == .aboutToWait { events.append(.suspend) }
    if case .resumed = iterator { events.append(.resume) }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    switch event {
    case .write:
      writes += 1
      unreadWrite = true
      if let waiter = state.changed() { return resumed(waiter, with: .changed) }
    case .cancel:
      cancelled = true
      // Only an installed handler acts at once; between elements the flag waits for the
      // iterator's next step.
      if case .suspended = iterator, let waiter = state.end() {
        return resumed(waiter, with: .ended)
      }
    case .discard:
      discarded = true
      if let waiter = state.end() { return resumed(waiter, with: .ended) }
    case .next:
      if let wake = state.takeReady() { return handle(wake) }
      iterator = .aboutToWait
    case .suspend:
      // A task cancelled before the handler was installed runs it at installation.
      if cancelled, let waiter = state.end() {
        return "end() returned waiter \(waiter) before any was handed in"
      }
      let waiter = nextWaiter
      nextWaiter += 1
      if let wake = state.wait(waiter) { return handle(wake) }
      iterator = .suspended(waiter: waiter)
    case .resume:
      guard case .resumed(let wake) = iterator else { return "resumed with nothing delivered" }
      return handle(wake)
    }
    return nil
  }

  private mutating func resumed(_ waiter: Int, with wake: ValuesWake) -> String? {
    guard iterator == .suspended(waiter: waiter) else {
      return "waiter \(waiter) resumed while the iterator was \(iterator)"
    }
    iterator = .resumed(wake)
    return nil
  }

  private mutating func handle(_ wake: ValuesWake) -> String? {
    switch wake {
    case .changed where cancelled:
      // Checked on the closure's actor, right before the read: no read after cancellation.
      iterator = .finished
    case .changed:
      // The read re-arms the tracking and sees every write so far.
      unreadWrite = false
      iterator = .betweenElements
    case .ended:
      guard cancelled || discarded else { return "ended with no cancellation or discard" }
      iterator = .finished
    }
    return nil
  }

  func checkState() -> String? {
    guard case .suspended(let waiter) = iterator else { return nil }
    if unreadWrite { return "suspended after a write it has not read: a lost wake" }
    if cancelled { return "suspended after the cancellation: a lost end" }
    if discarded { return "suspended after the discard: a lost end" }
    if state.storedWaiter != waiter {
      let stored = state.storedWaiter.map { "waiter \($0)" } ?? "none"
      return "suspended as waiter \(waiter), but the state holds \(stored)"
    }
    return nil
  }

  var fingerprint: String {
    // Waiter numbers only matter relative to the one suspended: the stored one either is it
    // or is not.
    let iteratorName =
      if case .suspended(let waiter) = iterator {
        "suspended(\(state.storedWaiter == waiter ? "stored" : "stale"))"
      } else {
        "\(iterator)"
      }
    return
      "\(state.phaseName) \(iteratorName) w\(writes) c\(cancelled) d\(discarded) u\(unreadWrite)"
  }
}
