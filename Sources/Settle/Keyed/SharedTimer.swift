/// The one timer of a ``KeyedStateMachine`` and the heap of deadlines it serves: which task
/// generation is live, where it sleeps, and which filing of each key is live.
///
/// Kept apart from the key table so that a key's state, in place in the table, and the timer
/// can be changed in one access each: the machine files a key without copying its state out.
@usableFromInline
package struct SharedTimer<Key: Sendable, Instant: InstantProtocol>: Sendable {
  @usableFromInline
  var heap = DeadlineHeap<Instant, Key>()
  /// Heap entries whose key has since been re-filed, flushed, cancelled or dropped.
  @usableFromInline
  var staleEntries = 0
  /// Filing numbers handed out so far.
  @usableFromInline
  var filings: UInt64 = 0
  /// The timer task, as the machine sees it.
  @usableFromInline
  var phase = RunLedger.Timer.stopped
  /// Timer tasks started so far; each one's generation is the count when it started.
  @usableFromInline
  var started: UInt64 = 0
  /// Where the timer sleeps; set exactly while ``phase`` is `.asleep`.
  @usableFromInline
  var deadline: Instant?

  @inlinable
  init() {}

  /// No timer task runs, or it sleeps toward a deadline after `now`.
  @inlinable
  func isQuiescent(at now: Instant) -> Bool {
    switch phase {
    case .stopped: return true
    case .awake: return false
    case .asleep: return deadline.map { $0 > now } ?? false
    }
  }

  /// Files `key` at `deadline`; returns its filing number, and the generation of a timer task
  /// to start: when none runs, or to replace one that sleeps past `deadline`.
  @inlinable
  mutating func file(_ key: Key, at deadline: Instant) -> (filing: UInt64, start: UInt64?) {
    filings &+= 1
    heap.push(.init(deadline: deadline, filing: filings, key: key))
    switch phase {
    case .awake:
      return (filings, nil)
    case .asleep:
      guard let sleepsUntil = self.deadline, deadline < sleepsUntil else { return (filings, nil) }
    case .stopped:
      break
    }
    started &+= 1
    phase = .awake(generation: started)
    self.deadline = nil
    return (filings, started)
  }

  /// Forgets every entry and stops the timer; returns whether a timer task ran.
  @inlinable
  mutating func stop() -> Bool {
    heap.removeAll()
    staleEntries = 0
    let wasRunning = phase != .stopped
    phase = .stopped
    deadline = nil
    return wasRunning
  }
}
