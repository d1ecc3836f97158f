import Settle

/// The demo's model: a library with its books and how many are on loan.
public final class LibraryStore: TrackedObject {
  /// The registry that records reads of the store's properties.
  public let observationRegistry = ObservationRegistry()
  /// The titles on the shelves.
  @Tracked public var books: [String] = ["Dune", "Emma"]
  /// How many books are out.
  @Tracked public var borrowedCount = 0

  /// Creates a store with two books and none borrowed.
  public init() {}
}

/// Not `Sendable`: a plain mutable model, used on one thread (the demo runs on the main actor).
@available(*, unavailable)
extension LibraryStore: Sendable {}
