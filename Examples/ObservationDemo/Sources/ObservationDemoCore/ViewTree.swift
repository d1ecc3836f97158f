import Settle

/// A tree of ``ViewNode``s evaluated like SwiftUI views, that records every re-evaluation and
/// classifies its cause.
///
/// Each body runs inside a ``RenderTracker`` (the core of Settle's `WithTracking`), so a
/// write to a tracked property marks exactly the views that read it. ``change(_:in:_:)`` makes
/// one write, then runs the next turn: marked views are re-evaluated, parents first, and a
/// child whose input changed is re-evaluated by its parent. A view is evaluated at most once
/// per change.
///
/// Causes come from where the written object lives, seen from the view: its own state is
/// ``RecomputeCause/local``, an ancestor's state ``RecomputeCause/parent`` (a child re-run for
/// a new input also counts as parent), an object provided with ``ViewNode/provide(_:)``
/// ``RecomputeCause/environment``, anything else ``RecomputeCause/observation``.
///
/// ```swift
/// let tree = ViewTree()
/// tree.mount(screen)
/// let report = tree.change("book added", in: store) { $0.books.append("Dune") }
/// ```
///
/// Thread rules: main actor only; write tracked values only inside ``change(_:in:_:)``.
@MainActor
public final class ViewTree {
  /// The tracking options every view's scope uses.
  public let options: TrackingOptions
  /// The mounted root view.
  public private(set) var root: ViewNode?

  /// The object being written by ``change(_:in:_:)``, which is what a scope firing blames.
  private var changing: AnyObject?
  /// Views whose scope fired during the current change, with the cause.
  private var invalidated: [ObjectIdentifier: RecomputeCause] = [:]

  /// Creates an empty tree whose views track with `options`.
  ///
  /// - Parameter options: `[]` for property-level tracking, ``TrackingOptions/objectLevel``
  ///   to re-evaluate a view for any change to an object it read.
  public init(options: TrackingOptions = []) {
    self.options = options
  }

  /// Evaluates every view once, parents first, like a first render; nothing is recorded.
  ///
  /// - Precondition: nothing is mounted yet.
  public func mount(_ root: ViewNode) {
    precondition(self.root == nil, "a ViewTree mounts one root")
    self.root = root
    for node in root.preorder { node.tracker = RenderTracker(options: options) }
    mountSubtree(root)
  }

  /// Runs `mutate` on `object`, then re-evaluates the views it invalidated, and reports what
  /// ran and why.
  ///
  /// - Parameters:
  ///   - label: The change's name in the report.
  ///   - object: The one object `mutate` writes: a ``ViewState``, a model or an environment
  ///     object. It is the cause every invalidation is classified by.
  ///   - mutate: The write.
  /// - Precondition: a root is mounted.
  @discardableResult
  public func change<Object: AnyObject>(
    _ label: String,
    in object: Object,
    _ mutate: (Object) -> Void
  ) -> ChangeReport {
    guard let root else { preconditionFailure("mount a root before changing anything") }
    changing = object
    mutate(object)
    changing = nil

    var recomputed: [Recompute] = []
    var evaluated: Set<ObjectIdentifier> = []
    for node in root.preorder {
      let id = ObjectIdentifier(node)
      guard let cause = invalidated.removeValue(forKey: id), !evaluated.contains(id) else {
        continue
      }
      evaluate(node, cause: cause, recomputed: &recomputed, evaluated: &evaluated)
    }
    invalidated = [:]
    let skipped = root.preorder.filter { !evaluated.contains(ObjectIdentifier($0)) }
    return ChangeReport(change: label, recomputed: recomputed, skipped: skipped.map(\.name))
  }

  private func mountSubtree(_ node: ViewNode) {
    render(node)
    for child in node.children {
      child.input = node.passed[ObjectIdentifier(child)]
      mountSubtree(child)
    }
  }

  private func evaluate(
    _ node: ViewNode,
    cause: RecomputeCause,
    recomputed: inout [Recompute],
    evaluated: inout Set<ObjectIdentifier>
  ) {
    recomputed.append(Recompute(view: node.name, cause: cause))
    evaluated.insert(ObjectIdentifier(node))
    render(node)
    // Children run after the parent's render returned, so their reads stay out of its scope.
    for child in node.children {
      let id = ObjectIdentifier(child)
      let input = node.passed[id]
      guard input != child.input, !evaluated.contains(id) else { continue }
      child.input = input
      // A child that was also invalidated keeps that, more specific, cause.
      let cause = invalidated.removeValue(forKey: id) ?? .parent
      evaluate(child, cause: cause, recomputed: &recomputed, evaluated: &evaluated)
    }
  }

  private func render(_ node: ViewNode) {
    node.passed = [:]
    guard let tracker = node.tracker else { preconditionFailure("\(node.name) is not mounted") }
    let invalidate: @MainActor @Sendable () -> Void = { [weak self, weak node] in
      guard let self, let node else { return }
      self.invalidate(node)
    }
    tracker.render {
      node.body(node)
    } onInvalidate: {
      // Synchronous, on the writing thread, which `change` keeps on the main actor.
      MainActor.assumeIsolated { invalidate() }
    }
  }

  private func invalidate(_ node: ViewNode) {
    guard let changing else {
      preconditionFailure("\(node.name) read a value written outside ViewTree.change(_:in:_:)")
    }
    let id = ObjectIdentifier(node)
    if invalidated[id] == nil {
      invalidated[id] = cause(of: changing, for: node)
    }
  }

  private func cause(of object: AnyObject, for node: ViewNode) -> RecomputeCause {
    if node.owns(object) { return .local }
    var ancestor = node.parent
    while let current = ancestor {
      if current.owns(object) { return .parent }
      ancestor = current.parent
    }
    if let owner = root?.preorder.first(where: { $0.owns(object) }) {
      preconditionFailure(
        "\(node.name) read state owned by \(owner.name), which is neither itself nor an ancestor")
    }
    if root?.preorder.contains(where: { $0.provides(object) }) == true { return .environment }
    return .observation
  }
}
