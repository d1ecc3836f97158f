import Settle

#if canImport(Observation)
  import Observation
#endif

/// Scenario 3: one script on Settle's `withTracking`, and on Apple's `withObservationTracking`
/// where the `Observation` module exists.
public struct OneShotComparison: Codable, Equatable, Sendable {
  /// The run on a ``LibraryStore`` with `withTracking`.
  public let settle: OneShotRun
  /// The run on an `@Observable` twin, or `nil` where `Observation` cannot be imported.
  public let apple: OneShotRun?

  /// Runs the script on both: a scope reads only `borrowedCount`; `books` changes, then
  /// `borrowedCount` changes twice.
  public static func run() -> OneShotComparison {
    let store = LibraryStore()
    let settle = OneShotRun.record(
      arm: { onChange in
        withTracking {
          _ = store.borrowedCount
        } onChange: {
          onChange()
        }
      },
      writes: [
        ("books.append(\"Middlemarch\")", { store.books.append("Middlemarch") }),
        ("borrowedCount = 1", { store.borrowedCount = 1 }),
        ("borrowedCount = 2", { store.borrowedCount = 2 }),
      ])
    return OneShotComparison(settle: settle, apple: runApple())
  }

  private static func runApple() -> OneShotRun? {
    #if canImport(Observation)
      let twin = ObservableLibraryStore()
      return OneShotRun.record(
        arm: { onChange in
          withObservationTracking {
            _ = twin.borrowedCount
          } onChange: {
            onChange()
          }
        },
        writes: [
          ("books.append(\"Middlemarch\")", { twin.books.append("Middlemarch") }),
          ("borrowedCount = 1", { twin.borrowedCount = 1 }),
          ("borrowedCount = 2", { twin.borrowedCount = 2 }),
        ])
    #else
      return nil
    #endif
  }
}
