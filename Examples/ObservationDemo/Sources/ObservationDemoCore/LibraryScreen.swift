import Settle

/// The lesson's view tree: `LibraryScreen` owns `searchText` and contains `BookList` (reads
/// `books` and the search text it is passed) and `BorrowBadge` (reads `borrowedCount`).
@MainActor
public struct LibraryScreen {
  /// The mounted tree.
  public let tree: ViewTree
  /// The model both children read.
  public let store: LibraryStore
  /// The screen's own state.
  public let searchText: ViewState<String>

  /// Builds and mounts the tree; every view tracks with `options`.
  public init(options: TrackingOptions = []) {
    let store = LibraryStore()
    let screen = ViewNode("LibraryScreen")
    let searchText = screen.makeState("")
    let bookList = ViewNode("BookList") { node in
      let query = node.input as? String ?? ""
      _ = store.books.filter { query.isEmpty || $0.contains(query) }.count
    }
    let borrowBadge = ViewNode("BorrowBadge") { _ in
      _ = "\(store.borrowedCount) borrowed"
    }
    screen.addChild(bookList)
    screen.addChild(borrowBadge)
    screen.body = { node in
      node.pass(searchText.value, to: bookList)
    }
    tree = ViewTree(options: options)
    tree.mount(screen)
    self.store = store
    self.searchText = searchText
  }

  /// A book is added to the store.
  public func addBook() -> ChangeReport {
    tree.change("book added", in: store) { $0.books.append("Middlemarch") }
  }

  /// A loan is counted.
  public func countLoan() -> ChangeReport {
    tree.change("loan counted", in: store) { $0.borrowedCount += 1 }
  }

  /// A search is typed into the screen's field.
  public func typeSearch() -> ChangeReport {
    tree.change("search typed", in: searchText) { $0.value = "Em" }
  }
}
