/// The elements that became due while a sequence operator's consumer was busy, kept as an
/// ``ElementBuffering`` says: the newest one only, or every one in order.
///
/// - Complexity: ``append(_:)`` and ``removeFirst()`` are O(1) (amortised for `.unbounded`).
@usableFromInline
package struct DeliveryBuffer<Element> {
  @usableFromInline
  let keepsEvery: Bool
  /// `.newest`: the one element waiting.
  @usableFromInline
  var newest: Element?
  /// `.unbounded`: the elements waiting are `queue[head...]`.
  @usableFromInline
  var queue: [Element] = []
  @usableFromInline
  var head = 0

  @inlinable
  package init(buffering: ElementBuffering) {
    keepsEvery = buffering.keepsEvery
  }

  @inlinable
  package var isEmpty: Bool { keepsEvery ? head == queue.count : newest == nil }

  @inlinable
  package mutating func append(_ element: Element) {
    if keepsEvery {
      queue.append(element)
    } else if !SeededFault.isSeeded(.newestKeepsOldest) || newest == nil {
      newest = element
    }
  }

  @inlinable
  package mutating func removeFirst() -> Element? {
    guard keepsEvery else {
      defer { newest = nil }
      return newest
    }
    guard head < queue.count else { return nil }
    let element = queue[head]
    head += 1
    if head == queue.count {
      queue.removeAll(keepingCapacity: true)
      head = 0
    }
    return element
  }

  @inlinable
  package mutating func removeAll() {
    newest = nil
    queue = []
    head = 0
  }
}
