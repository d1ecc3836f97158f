/// A binary min-heap of deadlines, each filed for a key: the one timer of a keyed owner
/// sleeps until the earliest one.
///
/// Entries are ordered by deadline, then by filing number, so keys due at the same instant
/// come out in the order they were filed. An entry is never updated or removed in place: the
/// owner marks it stale by filing a newer one (or none) for its key, skips stale entries as
/// they come out, and rebuilds the heap when stale entries outnumber live ones (see
/// ``KeyedStateMachine``).
///
/// - Complexity: ``push(_:)`` and ``popTop()`` are O(log n); ``rebuild(keeping:)`` is O(n).
@usableFromInline
package struct DeadlineHeap<Instant: Comparable & Sendable, Key: Sendable>: Sendable {
  /// A deadline filed for a key; `filing` tells a live entry from a stale one.
  @usableFromInline
  package struct Entry: Sendable {
    @usableFromInline
    package let deadline: Instant
    @usableFromInline
    package let filing: UInt64
    @usableFromInline
    package let key: Key

    @inlinable
    package init(deadline: Instant, filing: UInt64, key: Key) {
      self.deadline = deadline
      self.filing = filing
      self.key = key
    }

    @inlinable
    func precedes(_ other: Entry) -> Bool {
      deadline < other.deadline || (deadline == other.deadline && filing < other.filing)
    }
  }

  @usableFromInline
  package private(set) var entries: [Entry] = []

  @inlinable
  package init() {}

  /// The number of entries, live and stale.
  @inlinable
  package var count: Int { entries.count }

  /// The earliest entry, if any.
  @inlinable
  package var top: Entry? { entries.first }

  /// Adds an entry.
  @inlinable
  package mutating func push(_ entry: Entry) {
    entries.append(entry)
    var child = entries.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard entries[child].precedes(entries[parent]) else { break }
      entries.swapAt(child, parent)
      child = parent
    }
  }

  /// Removes and returns the earliest entry.
  @inlinable
  @discardableResult
  package mutating func popTop() -> Entry? {
    guard !entries.isEmpty else { return nil }
    entries.swapAt(0, entries.count - 1)
    let top = entries.removeLast()
    siftDown(from: 0)
    return top
  }

  /// Keeps only the entries `isLive` accepts, in heap order again; O(n).
  @inlinable
  package mutating func rebuild(keeping isLive: (Entry) -> Bool) {
    entries.removeAll { !isLive($0) }
    var index = entries.count / 2
    while index > 0 {
      index -= 1
      siftDown(from: index)
    }
  }

  /// Removes every entry and keeps the storage.
  @usableFromInline
  package mutating func removeAll() {
    entries.removeAll(keepingCapacity: true)
  }

  @inlinable
  mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < entries.count else { return }
      let right = left + 1
      let earliest = right < entries.count && entries[right].precedes(entries[left]) ? right : left
      guard entries[earliest].precedes(entries[parent]) else { return }
      entries.swapAt(parent, earliest)
      parent = earliest
    }
  }
}
