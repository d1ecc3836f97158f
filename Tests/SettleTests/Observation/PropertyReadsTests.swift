import Settle
import Testing

/// The read set a scope keeps per registry finds repeat reads with a bit mask (and a set past
/// 64 slots) instead of hashing key paths. A broken one would lose or duplicate
/// registrations, so it is pinned down on its own.
@Suite struct PropertyReadsTests {
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
