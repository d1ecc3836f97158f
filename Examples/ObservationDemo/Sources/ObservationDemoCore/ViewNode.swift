import Settle

/// A view in a ``ViewTree``: a name, a body, children, and the state and environment objects
/// it owns.
///
/// The body plays SwiftUI's `body`: it reads state, models and environment objects (reads of
/// tracked properties are recorded), and passes inputs to its children with
/// ``pass(_:to:)``. A child's body sees its input as ``input``.
///
/// ```swift
/// let screen = ViewNode("LibraryScreen")
/// let searchText = screen.makeState("")
/// let list = ViewNode("BookList") { node in
///   let query = node.input as? String ?? ""
///   _ = store.books.filter { $0.contains(query) }
/// }
/// screen.addChild(list)
/// screen.body = { node in node.pass(searchText.value, to: list) }
/// ```
@MainActor
public final class ViewNode {
  /// The name reports use.
  public let name: String
  /// What evaluating the view does; set it before the tree is mounted.
  public var body: (ViewNode) -> Void
  /// The view that contains this one.
  public private(set) weak var parent: ViewNode?
  /// The views this one contains, in order.
  public private(set) var children: [ViewNode] = []
  /// What the parent passed in its last evaluation; `nil` if it passed nothing.
  public internal(set) var input: AnyHashable?

  /// What the body passed to each child in the evaluation running now.
  var passed: [ObjectIdentifier: AnyHashable] = [:]
  /// The states this view owns, kept alive so their identities stay unique.
  private(set) var states: [ObjectIdentifier: AnyObject] = [:]
  /// The environment objects this view provides to its subtree, by type.
  private(set) var provided: [ObjectIdentifier: AnyObject] = [:]
  /// Set when the tree is mounted.
  var tracker: RenderTracker?

  /// Creates a view with `name` and `body`.
  public init(_ name: String, body: @escaping (ViewNode) -> Void = { _ in }) {
    self.name = name
    self.body = body
  }

  /// Appends `child` to this view's children.
  ///
  /// - Precondition: `child` has no parent yet.
  public func addChild(_ child: ViewNode) {
    precondition(
      child.parent == nil, "\(child.name) already has a parent; a view appears once in a tree")
    child.parent = self
    children.append(child)
  }

  /// Makes a value owned by this view, like `@State`.
  public func makeState<Value: Equatable>(_ initial: Value) -> ViewState<Value> {
    let state = ViewState(initial)
    states[ObjectIdentifier(state)] = state
    return state
  }

  /// Makes `object` the environment object of its type for this view and its descendants,
  /// like `.environment(object)`.
  public func provide<Object: AnyObject>(_ object: Object) {
    provided[ObjectIdentifier(Object.self)] = object
  }

  /// The nearest environment object of `type` provided by this view or an ancestor.
  ///
  /// - Precondition: one is provided.
  public func environment<Object: AnyObject>(_ type: Object.Type) -> Object {
    var node: ViewNode? = self
    while let current = node {
      if let object = current.provided[ObjectIdentifier(type)] as? Object { return object }
      node = current.parent
    }
    preconditionFailure(
      "\(name) reads a \(type) from the environment, but no ancestor provides one")
  }

  /// Passes `input` to `child` for this evaluation; call it from the body. If it differs from
  /// the child's last input, the tree re-evaluates the child after this body.
  ///
  /// - Precondition: `child` is one of this view's children.
  public func pass(_ input: AnyHashable, to child: ViewNode) {
    precondition(child.parent === self, "\(name) can only pass inputs to its own children")
    passed[ObjectIdentifier(child)] = input
  }

  /// Whether this view owns `object` as state.
  func owns(_ object: AnyObject) -> Bool {
    states[ObjectIdentifier(object)] != nil
  }

  /// Whether this view provides `object` to its subtree.
  func provides(_ object: AnyObject) -> Bool {
    provided.values.contains { $0 === object }
  }

  /// This view and its descendants, depth first, parents before children.
  var preorder: [ViewNode] {
    [self] + children.flatMap(\.preorder)
  }
}
