// Uses `LockedState` (package) only as a plain lock around test state; any lock would do.
import Settle
import SettleTesting

/// The example model, plus a computed property and a nested object.
final class LibraryStore: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var books: [String] = []
  @Tracked var borrowedCount = 0
  @Tracked var title = "Library"
  @Tracked var isOpen = true
  @Tracked var shelf = Shelf()
  @Tracked var owner: Owner?
  @Tracked var keeper = Keeper()

  /// A computed property over two tracked ones.
  var summary: String { "\(title): \(borrowedCount)" }
}

final class Shelf: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  @Tracked var label = "A"
}

/// Tracked properties with observers of their own, which record into `observerLog`.
final class RatedBook: TrackedObject, @unchecked Sendable {
  let observationRegistry = ObservationRegistry()
  var observerLog: CallLog?
  /// Its `didSet` uses `oldValue`.
  @Tracked var rating = 0 {
    willSet { observerLog?.record("willSet observer") }
    didSet { observerLog?.record("didSet observer, was \(oldValue)") }
  }
  /// Its `didSet` does not use `oldValue`.
  @Tracked var visits = 0 {
    didSet { observerLog?.record("didSet observer") }
  }
}

/// A class reference that is not Equatable: assignments compare by identity.
final class Keeper: @unchecked Sendable {}

struct Owner: Equatable, Sendable {
  var name: String
}

/// A property made trackable by hand, over lock-protected storage, so threads may read and
/// write it at the same time without a data race.
final class Counter: TrackedObject, Sendable {
  let observationRegistry = ObservationRegistry()
  private let box = LockedState(0)

  var value: Int {
    get {
      observationRegistry.access(self, keyPath: \.value)
      return box.withLock { $0 }
    }
    set {
      observationRegistry.withMutation(of: self, keyPath: \.value) {
        box.withLock { $0 = newValue }
      }
    }
  }

  var other: Int {
    get {
      observationRegistry.access(self, keyPath: \.other)
      return 0
    }
    set {
      observationRegistry.withMutation(of: self, keyPath: \.other) {}
    }
  }
}

/// What callbacks ran, in order: SettleTesting's recorder, named for what these tests log.
typealias CallLog = ValueRecorder<String>

/// A search field's model, confined to the main actor as a view model is.
@MainActor final class SearchField: TrackedObject {
  let observationRegistry = ObservationRegistry()
  @Tracked var text = ""
  @Tracked var placeholder = "Search"
}
