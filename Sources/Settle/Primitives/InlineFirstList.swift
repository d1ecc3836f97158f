/// A list that keeps its first element inline and only the rest in an array.
///
/// Most of Settle's per-scope lists hold one element: the one slot a scope is armed on, the one
/// registry it registered with, the one scope a write fires. An `Array` for that one element
/// costs an allocation and a free every time; this list costs none until a second element
/// arrives.
///
/// Elements keep their positions: index 0 is the first element, index `i` is the `i`th of the rest.
///
/// - Complexity: appending, removing the last element and subscripting are O(1) (appending
///   amortised); moving a whole list into an empty one with `swap` copies no element.
package struct InlineFirstList<Element> {
  private var head: Element?
  private var tail: [Element] = []

  package init() {}

  /// The first element, if any.
  package var first: Element? { head }

  /// Whether the list holds no element.
  package var isEmpty: Bool { head == nil }

  /// Adds `element` at the end.
  package mutating func append(_ element: Element) {
    if head == nil {
      head = element
    } else {
      tail.append(element)
    }
  }

  /// Adds every element of `other` at the end, in order.
  package mutating func append(contentsOf other: InlineFirstList) {
    other.forEachElement { append($0) }
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: the list is not empty.
  @discardableResult
  package mutating func removeLast() -> Element {
    if let last = tail.popLast() { return last }
    precondition(head != nil, "removeLast() on an empty InlineFirstList")
    // Moved out with `swap`, not copied (`Optional.take()` is newer than the iOS 17 SDK).
    var last: Element?
    swap(&last, &head)
    return last!
  }

  /// Removes every element, keeping no storage.
  package mutating func removeAll() {
    head = nil
    tail = []
  }

  /// Moves every element out into the returned list, leaving this one empty; copies none.
  package mutating func takeAll() -> InlineFirstList {
    var taken = InlineFirstList()
    swap(&taken, &self)
    return taken
  }
}

extension InlineFirstList {
  /// The number of elements.
  package var count: Int { head == nil ? 0 : tail.count + 1 }

  /// The element at `position`.
  ///
  /// - Precondition: `0 <= position < count`.
  package subscript(position: Int) -> Element {
    get {
      if position == 0, let head { return head }
      precondition(position > 0 && head != nil, "InlineFirstList index out of range")
      return tail[position - 1]
    }
    set {
      if position == 0, head != nil {
        head = newValue
      } else {
        precondition(position > 0 && head != nil, "InlineFirstList index out of range")
        tail[position - 1] = newValue
      }
    }
  }

  /// Calls `body` with each element, first to last.
  package func forEachElement(_ body: (Element) throws -> Void) rethrows {
    guard let head else { return }
    try body(head)
    for element in tail { try body(element) }
  }

  /// The position of the first element that satisfies `predicate`, if any.
  package func firstIndex(where predicate: (Element) throws -> Bool) rethrows -> Int? {
    guard let head else { return nil }
    if try predicate(head) { return 0 }
    return try tail.firstIndex(where: predicate).map { $0 + 1 }
  }
}

extension InlineFirstList: Sendable where Element: Sendable {}
