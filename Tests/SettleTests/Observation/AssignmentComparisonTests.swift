import Settle
import SettleTestSupport
import Testing

/// A class with no `==`: only identity can say two references are the same.
final class Gauge: @unchecked Sendable {}

/// A class with no `==` of its own, and a subclass that has one.
class Shape: @unchecked Sendable {}
final class Square: Shape, Equatable, @unchecked Sendable {
  let side: Int
  init(side: Int) { self.side = side }
  static func == (left: Square, right: Square) -> Bool { left.side == right.side }
}

/// Properties of every kind of type the comparison is chosen for.
final class Instruments: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var gauge = Gauge()
  @Tracked var tag: any Hashable = 1
  @Tracked var maybeReading: Reading? = nil
  @Tracked var maybeLevel: Int? = 3
  @Tracked var shape: Shape = Square(side: 1)
}

/// Counts the writes among `writes` that notify a scope armed on one property: the scope is
/// re-armed after each change, so that one scope is armed at every write.
private func notifications<Object: TrackedObject>(
  on object: Object, read: @escaping (Object) -> Void, writes: [(Object) -> Void]
) -> Int {
  let log = CallLog()
  var armed = false
  for write in writes {
    if !armed {
      withTracking {
        read(object)
      } onChange: {
        log.record("changed")
      }
      armed = true
    }
    let before = log.count
    write(object)
    if log.count != before { armed = false }
  }
  return log.count
}

/// Which assignments notify: the comparison each property's initialiser chose, from what its
/// type is known (or, for generic and existential types, found once) to conform to.
@Suite(.watched) struct AssignmentComparisonTests {
  @Test func aClassWithNoEqualityComparesByIdentity() {
    let instruments = Instruments()
    let same = instruments.gauge
    let count = notifications(
      on: instruments, read: { _ = $0.gauge },
      writes: [{ $0.gauge = same }, { $0.gauge = Gauge() }])
    #expect(count == 1)
  }

  // Decided by the property's type, as `@Observable` decides: `Shape` is a class without
  // `==`, so a `Square` in it is compared by identity even though `Square` has `==`. (Up to
  // 0.1.0 every write asked the value at run time, and an equal `Square` notified nobody.)
  @Test func aClassPropertyComparesByIdentityWhateverSubclassItHolds() {
    let instruments = Instruments()
    let same = instruments.shape
    let count = notifications(
      on: instruments, read: { _ = $0.shape },
      writes: [{ $0.shape = same }, { $0.shape = Square(side: 1) }])
    #expect(count == 1)
  }

  @Test func anExistentialComparesWhatItHolds() {
    let instruments = Instruments()
    let count = notifications(
      on: instruments, read: { _ = $0.tag },
      writes: [{ $0.tag = 1 }, { $0.tag = "one" }, { $0.tag = "one" }, { $0.tag = 1 }])
    #expect(count == 2)
  }

  @Test func anOptionalComparesItsWrappedValueWhenItCan() {
    let instruments = Instruments()
    let levels = notifications(
      on: instruments, read: { _ = $0.maybeLevel },
      writes: [{ $0.maybeLevel = 3 }, { $0.maybeLevel = nil }, { $0.maybeLevel = nil }])
    #expect(levels == 1)
    let readings = notifications(
      on: instruments, read: { _ = $0.maybeReading },
      writes: [
        { $0.maybeReading = nil }, { $0.maybeReading = Reading(celsius: 1) },
        { $0.maybeReading = Reading(celsius: 1) },
      ])
    #expect(readings == 3)
  }

  @Test func aGenericPropertyIsComparedByWhatItsTypeTurnsOutToBe() {
    let gauge = Gauge()
    let byIdentity = notifications(
      on: Slot(gauge), read: { _ = $0.item }, writes: [{ $0.item = gauge }, { $0.item = Gauge() }])
    #expect(byIdentity == 1)
    let byEquality = notifications(
      on: Slot(Badge(1)), read: { _ = $0.item },
      writes: [{ $0.item = Badge(1) }, { $0.item = Badge(2) }])
    #expect(byEquality == 1)
    let never = notifications(
      on: Slot(Reading(celsius: 1)), read: { _ = $0.item },
      writes: [{ $0.item = Reading(celsius: 1) }, { $0.item = Reading(celsius: 1) }])
    #expect(never == 2)
  }
}
