// Stand-ins for the SwiftUI samples, which Scripts/build-docs type-checks for iOS when an Apple
// SDK is present (Scripts/doc-samples.py --apple). Each stands for an app's own model.

/// The guides' library model (Documentation/PropertyLevelObservation.md declares the same).
@MainActor final class LibraryStore: TrackedObject {
  let observationRegistry = ObservationRegistry()
  @Tracked var books: [String] = []
  @Tracked var borrowedCount = 0
  @Tracked var title = "Library"
}

/// Starts a search; stands for a view model that owns a `Debouncer` or a service call.
@MainActor final class SearchModel {
  private(set) var lastQuery = ""

  func search(_ query: String) { lastQuery = query }
}

/// Loads pages; its methods return early once their task is cancelled.
@MainActor final class PageStore {
  private(set) var page = 0

  func load(page: Int) async {
    guard !Task.isCancelled else { return }
    self.page = page
  }
}

/// Fetches a feed again.
@MainActor final class Feed {
  private(set) var refreshes = 0

  func refresh() async { refreshes += 1 }
}

/// Long work that a button starts and may cancel: an upload, an export.
@MainActor final class Transfer {
  private(set) var finished = false

  func start() async {
    do { try await Task.sleep(for: .seconds(5)) } catch { return }  // cancelled: stop here
    finished = true
  }
}

/// Saves a note; stands for an app's persistence.
@MainActor final class NoteStore {
  private(set) var saved: [String] = []

  func save(_ text: String) { saved.append(text) }
}
