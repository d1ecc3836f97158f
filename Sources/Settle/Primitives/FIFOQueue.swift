/// A first-in, first-out queue on one array: appends at the back, takes from the front by
/// moving a head index, and gives the taken slots back once they are most of the array.
///
/// A taken slot is cleared at once, so that the queue never keeps a value alive after it has
/// left.
///
/// - Complexity: ``append(_:)`` and ``removeFirst()`` are amortised O(1).
@usableFromInline
package struct FIFOQueue<Element> {
  @usableFromInline
  var slots: [Element?] = []
  /// The index of the first element still queued.
  @usableFromInline
  var head = 0

  @inlinable
  package init() {}

  /// Whether nothing is queued.
  @inlinable
  package var isEmpty: Bool { head == slots.count }

  /// How many elements are queued.
  @inlinable
  package var count: Int { slots.count &- head }

  /// The element queued last, if any.
  @inlinable
  package var last: Element? { isEmpty ? nil : slots[slots.count &- 1] }

  /// The elements queued, first to last.
  package var elements: [Element] { slots[head...].map { $0! } }

  /// Queues `element` behind the others.
  @inlinable
  package mutating func append(_ element: Element) {
    slots.append(element)
  }

  /// Takes the element queued first.
  ///
  /// - Precondition: The queue is not empty.
  @inlinable
  package mutating func removeFirst() -> Element {
    precondition(!isEmpty, "Internal inconsistency in Settle: a value taken from an empty queue")
    // Not `Optional.take()`: the Apple SDKs at the package's floor do not have it.
    let element = slots[head]!
    slots[head] = nil
    head &+= 1
    if head == slots.count {
      slots.removeAll(keepingCapacity: true)
      head = 0
    } else if head > 16, head &* 2 > slots.count {
      slots.removeFirst(head)
      head = 0
    }
    return element
  }

  /// Empties the queue.
  @inlinable
  package mutating func removeAll() {
    slots.removeAll()
    head = 0
  }
}

extension FIFOQueue: Sendable where Element: Sendable {}
