// `PropertyReads`, `ScopeList` and `InlineFirstList` (package) on their own: the read set's
// layout is not public.
import Settle
import SettleTestSupport
import Testing

/// The read set a scope keeps per registry finds repeat reads with a bit mask (and a set past
/// 64 slots) instead of hashing key paths. A broken one would lose or duplicate
/// registrations, so it is pinned down on its own.
@Suite(.watched) struct PropertyReadsTests {
  @Test func keepsTheFirstVersionOfEachSlot() {
    var reads = PropertyReads()
    let inserted = [
      reads.insert(slot: 3, version: 7),
      reads.insert(slot: 3, version: 9),
      reads.insert(slot: 0, version: 1),
      reads.insert(slot: 63, version: 2),
    ]
    #expect(inserted == [true, false, true, true])
    #expect(reads.reads.map(\.slot) == [3, 0, 63])
    #expect(reads.reads.map(\.version) == [7, 1, 2])
    #expect(reads.contains(slot: 3) && reads.contains(slot: 0) && reads.contains(slot: 63))
    #expect(!reads.contains(slot: 1) && !reads.contains(slot: 62))
  }

  // Read sets are copied into registrations and share their overflow storage between copies;
  // a change to one copy must never show in another, whether the storage grows or not.
  @Test(arguments: [2, 4, 5, 70])
  func copiesAreIndependent(count: Int) {
    var original = PropertyReads()
    for slot in 0..<count { original.insert(slot: slot, version: UInt64(slot)) }
    var copy = original
    copy.insert(slot: 500, version: 9)
    original.insert(slot: 600, version: 8)
    #expect(copy.reads.count == count + 1 && original.reads.count == count + 1)
    #expect(copy.contains(slot: 500) && !copy.contains(slot: 600))
    #expect(original.contains(slot: 600) && !original.contains(slot: 500))
    #expect(copy.reads.dropLast().map(\.slot) == Array(0..<count))
    #expect(original.reads.last?.slot == 600 && original.reads.last?.version == 8)
    #expect(!copy.isSingleRead && PropertyReads(slot: 1, version: 0).isSingleRead)
  }

  @Test func handlesSlotsPastTheBitMask() {
    var reads = PropertyReads()
    var firstTime: [Bool] = []
    for slot in 0..<200 { firstTime.append(reads.insert(slot: slot, version: UInt64(slot))) }
    var again: [Bool] = []
    for slot in 0..<200 { again.append(reads.insert(slot: slot, version: 0)) }
    #expect(firstTime.allSatisfy { $0 })
    #expect(again.allSatisfy { !$0 })
    #expect(reads.reads.count == 200)
    #expect(reads.reads.map(\.version) == (0..<200).map { UInt64($0) })
    #expect(reads.contains(slot: 64) && reads.contains(slot: 199) && !reads.contains(slot: 200))
  }
}

/// A slot's armed scopes: a plain list while short, with an index of positions once longer,
/// so that removing one scope of many stays O(1). Both forms must give the same answers.
@Suite(.watched) struct ScopeListTests {
  @Test(arguments: [3, ScopeList.linearLimit, ScopeList.linearLimit + 1, 50])
  func insertRemoveAndFireAgreeWithASet(count: Int) {
    var list = ScopeList()
    let scopes = (0..<count).map { _ in TrackingScope(options: [], callback: {}) }
    for scope in scopes { list.insert(scope) }
    // Inserting again changes nothing.
    for scope in scopes { list.insert(scope) }
    #expect(list.count == count)
    // Remove every other scope from the front, crossing the linear limit when count allows.
    var expected = Set(scopes.map(ObjectIdentifier.init))
    for index in stride(from: 0, to: count, by: 2) {
      let id = ObjectIdentifier(scopes[index])
      #expect(list.remove(id) === scopes[index])
      #expect(list.remove(id) == nil)
      expected.remove(id)
      #expect(Set(list.scopes.elements.map(ObjectIdentifier.init)) == expected)
    }
    // Re-insert the removed ones, then fire all: each exactly once.
    for index in stride(from: 0, to: count, by: 2) { list.insert(scopes[index]) }
    var fired = InlineFirstList<TrackingScope>()
    list.removeAll(into: &fired)
    #expect(list.isEmpty)
    #expect(fired.count == count)
    let firedIDs = Set(fired.elements.map(ObjectIdentifier.init))
    #expect(firedIDs == Set(scopes.map(ObjectIdentifier.init)))
    for scope in scopes { #expect(list.remove(ObjectIdentifier(scope)) == nil) }
  }

  // Random inserts, removals and firings against a set, for many seeds, so the list crosses
  // the linear limit in both directions and swap-removes move scopes whose positions must
  // follow them. A stale position shows up as a wrong removal or a crash.
  @Test func randomOperationsAgreeWithASet() {
    var generator = SplitMix64(seed: 0x5E77_1E)
    let scopes = (0..<30).map { _ in TrackingScope(options: [], callback: {}) }
    for _ in 0..<500 {
      var list = ScopeList()
      var model = Set<ObjectIdentifier>()
      for _ in 0..<200 {
        let scope = scopes[Int(generator.next() % UInt64(scopes.count))]
        let id = ObjectIdentifier(scope)
        switch generator.next() % 20 {
        case 0:
          var fired = InlineFirstList<TrackingScope>()
          list.removeAll(into: &fired)
          #expect(Set(fired.elements.map(ObjectIdentifier.init)) == model)
          model.removeAll()
        case 1...9:
          let removed = list.remove(id)
          #expect((removed != nil) == model.contains(id))
          #expect(removed.map { $0 === scope } ?? true)
          model.remove(id)
        default:
          list.insert(scope)
          model.insert(id)
        }
        #expect(list.count == model.count)
      }
      #expect(Set(list.scopes.elements.map(ObjectIdentifier.init)) == model)
    }
  }

  @Test func firingAppendsToScopesAlreadyCollected() {
    var first = ScopeList()
    var second = ScopeList()
    let a = TrackingScope(options: [], callback: {})
    let b = TrackingScope(options: [], callback: {})
    first.insert(a)
    second.insert(b)
    var fired = InlineFirstList<TrackingScope>()
    first.removeAll(into: &fired)
    second.removeAll(into: &fired)
    #expect(fired.count == 2 && fired[0] === a && fired[1] === b)
  }
}
