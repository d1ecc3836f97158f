// Stand-ins that the docs' samples call, so each sample shows only the part that matters.
// Scripts/doc-samples.py compiles this file next to the samples of every guide and of every
// module's doc comments. Replace them with your own services.

/// A search service that answers slowly; in the guides it stands for your network or index.
enum Catalog {
  /// Returns the titles that contain `query`; may take a while and ignores cancellation,
  /// as many real services do.
  static func search(_ query: String) async -> [String] {
    ["Dune", "Emma", "Ulysses"].filter { query.isEmpty || $0.lowercased().contains(query.lowercased()) }
  }
}

/// Where drafts are saved; in the guides it stands for a file or a server.
actor DraftStore {
  private(set) var saved: [String] = []

  /// Saves `draft`; throws `CancellationError` when the saving task is cancelled.
  func save(_ draft: String) async throws {
    try Task.checkCancellation()
    saved.append(draft)
  }
}
