// The package primitive on its own: the library's lists are not public.
import Settle
import SettleTestSupport
import Testing

/// The list behind slots' scope lists, fired batches and registrations keeps its first element
/// apart from the rest; every operation must still agree with a plain array.
@Suite(.watched) struct InlineFirstListTests {
  @Test func randomOperationsAgreeWithAnArray() {
    var generator = SplitMix64(seed: 0x1F1)
    for _ in 0..<200 {
      var list = InlineFirstList<Int>()
      var model: [Int] = []
      for step in 0..<100 {
        switch generator.next() % 10 {
        case 0 where !model.isEmpty:
          #expect(list.removeLast() == model.removeLast())
        case 1 where !model.isEmpty:
          let index = Int(generator.next() % UInt64(model.count))
          list[index] = -step
          model[index] = -step
        case 2:
          let taken = list.takeAll()
          #expect(taken.elements == model)
          model = []
        case 3:
          var other = InlineFirstList<Int>()
          other.append(step)
          other.append(step + 1)
          list.append(contentsOf: other)
          model += [step, step + 1]
        default:
          list.append(step)
          model.append(step)
        }
        #expect(list.count == model.count)
        #expect(list.isEmpty == model.isEmpty)
        #expect(list.first == model.first)
        #expect(list.elements == model)
        if let probe = model.randomElement(using: &generator) {
          #expect(list.firstIndex { $0 == probe } == model.firstIndex(of: probe))
        }
      }
    }
  }

  @Test func movingAListIntoAnEmptyOneKeepsTheOrder() {
    var source = InlineFirstList<String>()
    for word in ["a", "b", "c"] { source.append(word) }
    var target = InlineFirstList<String>()
    swap(&target, &source)
    #expect(target.elements == ["a", "b", "c"])
    #expect(source.isEmpty && source.count == 0)
    var visited: [String] = []
    target.forEachElement { visited.append($0) }
    #expect(visited == ["a", "b", "c"])
  }
}
