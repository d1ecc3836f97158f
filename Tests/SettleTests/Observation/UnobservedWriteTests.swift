// Uses `isObserved` and `armedScopeCount` (package): the flag an unobserved write checks, and
// what the registry holds, are not public; the public API shows only who is called back.
import Settle
import SettleTestSupport
import Testing

/// A value type with no `==`: nothing says two of them are the same.
struct Reading: Sendable {
  var celsius: Double
}

/// A class that is also `Equatable`: its own `==` decides, not identity.
final class Badge: Equatable, @unchecked Sendable {
  let number: Int
  init(_ number: Int) { self.number = number }
  static func == (left: Badge, right: Badge) -> Bool { left.number == right.number }
}

final class Sensor: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var reading = Reading(celsius: 20)
  @Tracked var badge = Badge(1)
  @Tracked var level = 0
}

/// A tracked property whose type is a generic parameter of its class.
final class Slot<Item>: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var item: Item
  init(_ item: Item) { self.item = item }
}

/// The write paths: which assignments notify, and the lock-free check that lets a write to an
/// object nobody observes skip the registry without missing a change.
@Suite(.watched) struct UnobservedWriteTests {
  @Test func aValueWithNoEqualityNotifiesOnEveryAssignment() {
    let sensor = Sensor()
    let log = CallLog()
    withTracking {
      _ = sensor.reading
    } onChange: {
      log.record("changed")
    }
    sensor.reading = Reading(celsius: 20)  // the same contents: still a change
    #expect(log.count == 1)
  }

  @Test func anEquatableClassComparesWithItsOwnEquality() {
    let sensor = Sensor()
    let log = CallLog()
    withTracking {
      _ = sensor.badge
    } onChange: {
      log.record("changed")
    }
    sensor.badge = Badge(1)  // another instance, equal by `==`
    #expect(log.count == 0)
    sensor.badge = Badge(2)
    #expect(log.count == 1)
  }

  @Test func aGenericPropertyComparesWhatItHoldsAtRunTime() {
    let slot = Slot(7)
    let log = CallLog()
    withTracking {
      _ = slot.item
    } onChange: {
      log.record("changed")
    }
    slot.item = 7
    #expect(log.count == 0)
    slot.item = 8
    #expect(log.count == 1)
  }

  @Test func anEqualWriteStoresNothing() {
    let sensor = Sensor()
    let first = sensor.badge
    withTracking {
      _ = sensor.badge
    } onChange: {
    }
    sensor.badge = Badge(1)
    #expect(sensor.badge === first)
    // Unobserved, the same holds: the comparison comes before the check for observers.
    let unobserved = Sensor()
    let kept = unobserved.badge
    unobserved.badge = Badge(1)
    #expect(unobserved.badge === kept)
  }

  @Test func theObservedFlagFollowsArmedScopesAndOpenRecorders() {
    let sensor = Sensor()
    let registry = sensor.observationRegistry
    #expect(!registry.isObserved)
    sensor.level = 1
    #expect(!registry.isObserved)

    let log = CallLog()
    withTracking {
      _ = sensor.level
      // Recording a read counts, before any scope is armed.
      #expect(registry.isObserved)
    } onChange: {
      log.record("changed")
    }
    #expect(registry.isObserved)
    sensor.level = 2
    #expect(log.count == 1)
    #expect(!registry.isObserved)

    // A scope over two properties counts both entries and releases both on firing.
    withTracking {
      _ = sensor.level
      _ = sensor.reading
    } onChange: {
      log.record("changed")
    }
    #expect(registry.isObserved)
    sensor.reading = Reading(celsius: 1)
    #expect(log.count == 2)
    #expect(!registry.isObserved)
  }

  @Test func nestedAndThrowingScopesLeaveNothingCounted() {
    struct Failure: Error {}
    let sensor = Sensor()
    let registry = sensor.observationRegistry
    let log = CallLog()
    withTracking {
      withTracking {
        _ = sensor.level
      } onChange: {
        log.record("inner")
      }
      _ = sensor.reading
    } onChange: {
      log.record("outer")
    }
    sensor.level = 5
    #expect(log.count == 2)
    #expect(!registry.isObserved)

    #expect(throws: Failure.self) {
      try withTracking {
        _ = sensor.level
        throw Failure()
      } onChange: {
        log.record("never")
      }
    }
    #expect(!registry.isObserved)
    sensor.level = 6
    #expect(log.count == 2)
  }

  @Test func aWriteBetweenTheReadAndTheArmingIsNotMissed() {
    let sensor = Sensor()
    let log = CallLog()
    withTracking {
      _ = sensor.level
      // Nothing is armed yet; the recorder's read alone must keep this write on the path
      // that bumps the version, or the scope would arm on a value already replaced.
      sensor.level = 9
    } onChange: {
      log.record("changed")
    }
    #expect(log.count == 1)
    #expect(!sensor.observationRegistry.isObserved)
  }

  @Test func inPlaceMutationOfAnUnobservedObjectSkipsTheRegistry() {
    let sensor = Sensor()
    for _ in 0..<10 { sensor.level += 1 }
    #expect(sensor.level == 10)
    #expect(!sensor.observationRegistry.isObserved)
    #expect(sensor.observationRegistry.armedScopeCount == 0)
  }

  @Test func withMutationOnAnUnobservedObjectStillRunsTheMutation() {
    let counter = Counter()
    counter.value = 3
    #expect(counter.value == 3)
    let log = CallLog()
    withTracking {
      _ = counter.value
    } onChange: {
      log.record("changed")
    }
    counter.value = 4
    #expect(log.count == 1)
  }
}
