import Settle

/// One values iterator (`TrackedValues`, `ObservedValues`) and the writes and cancellation
/// around it, over the pure ``ValuesWakeState`` its link keeps: writes reported by the armed
/// tracking, `next()` taking a ready change or suspending, the suspended iterator resumed,
/// and the task cancelled, in every order.
///
/// Guarantees: no wake is lost (an iterator never stays suspended after a write it did not
/// read, or after the end), a waiter is resumed at most once and only while it waits, and
/// after the end `next()` learns of it.
struct ValuesWakeWorld: ExplorableWorld {
  enum Event: CustomStringConvertible {
    case write
    case cancel
    case next
    case suspend
    case resume

    var description: String {
      switch self {
      case .write: "a property the last read read is written"
      case .cancel: "the iterating task is cancelled"
      case .next: "next() is called and takes no ready change"
      case .suspend: "next() suspends, handing in its waiter"
      case .resume: "the suspended next() resumes"
      }
    }
  }

  enum Iterator: Equatable {
    /// Returned an element; the next `next()` has not come yet.
    case betweenElements
    /// Found nothing ready, and is about to hand in its waiter: a separate step, because
    /// the link takes the lock twice (`takeReadyWake()`, then `nextChange`'s `wait`), and a
    /// write can come between.
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
  /// Whether a write came after the latest read: that read's value is stale.
  var unreadWrite = false
  var nextWaiter = 1

  init(maxWrites: Int) {
    self.maxWrites = maxWrites
  }

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if writes < maxWrites, iterator != .finished { events.append(.write) }
    if !cancelled { events.append(.cancel) }
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
      if let waiter = state.end() { return resumed(waiter, with: .ended) }
    case .next:
      if let wake = state.takeReady() { return handle(wake) }
      iterator = .aboutToWait
    case .suspend:
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
    case .changed:
      // The read re-arms the tracking and sees every write so far.
      unreadWrite = false
      iterator = .betweenElements
    case .ended:
      guard cancelled else { return "ended with no cancellation" }
      iterator = .finished
    }
    return nil
  }

  func checkState() -> String? {
    guard case .suspended = iterator else {
      if cancelled, iterator == .betweenElements, state.phaseName != "ended" {
        return "cancelled, but the next next() would not learn of it (\(state.phaseName))"
      }
      return nil
    }
    if unreadWrite { return "suspended after a write it has not read: a lost wake" }
    if cancelled { return "suspended after the cancellation: a lost end" }
    return nil
  }

  var fingerprint: String {
    "\(state.phaseName) \(iterator == .finished ? "finished" : "\(iterator)".replacingOccurrences(of: #"waiter: \d+"#, with: "", options: .regularExpression)) w\(writes) c\(cancelled) u\(unreadWrite)"
  }
}
