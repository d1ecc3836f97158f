#if canImport(Observation)
  import Observation

  /// ``LibraryStore``'s twin on Apple's `@Observable`, the baseline of scenario 3.
  @Observable
  public final class ObservableLibraryStore {
    /// The titles on the shelves.
    public var books: [String] = ["Dune", "Emma"]
    /// How many books are out.
    public var borrowedCount = 0

    /// Creates a store with two books and none borrowed.
    public init() {}
  }

  /// Not `Sendable`, like ``LibraryStore``.
  @available(*, unavailable)
  extension ObservableLibraryStore: Sendable {}
#endif
