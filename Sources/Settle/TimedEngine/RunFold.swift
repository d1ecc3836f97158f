/// How the values sent between two runs become the one value a run receives: the strategy
/// that ``Debouncing``, ``Throttling`` and their sequences are generic over.
///
/// Two folds come with Settle, and each owner's familiar name picks one:
/// - ``LatestValue``: the newest value replaces the pending one (``Debouncer``, ``Throttler``,
///   ``DebouncedSequence``, ``ThrottledSequence``).
/// - ``Fold``: every value is reduced into an accumulation (``FoldingDebouncer``,
///   ``FoldingThrottler``, and the `folding:` operators).
///
/// The owner decides *when* a value starts a new pending value (the first value after a
/// run) and when it joins the pending one; the fold decides *how*. Both requirements run
/// inside `send`, under the owner's lock: keep them short, and never call back into the owner.
///
/// `sendAndWait` outcomes follow the order of the inputs, not what the fold keeps: the newest
/// input a run covers is ``SendOutcome/ran``, and the earlier ones are
/// ``SendOutcome/superseded`` (when ``replaces`` is `true`) or ``SendOutcome/folded``. With
/// the fold below, the caller of a burst's first value learns `.folded` although its value
/// is the one that ran.
///
/// ```swift
/// // A fold of your own: a run receives the first value of its burst, not the last.
/// struct FirstValue<Value: Sendable>: RunFold {
///   static var replaces: Bool { false }
///   func start(with input: Value) -> Value { input }
///   func add(_ input: Value, to pending: inout Value) {}
/// }
/// let firstTap = Debouncing(for: .milliseconds(300), folding: FirstValue<String>()) {
///   (button: String) in
///   print("first tap of the burst:", button)
/// }
/// firstTap.send("save")
/// ```
public protocol RunFold: Sendable {
  /// What `send` takes.
  associatedtype Input: Sendable
  /// What a run receives.
  associatedtype Output: Sendable

  /// Whether a later input simply replaces the pending value. When `true`, the owner makes
  /// every pending value with ``start(with:)`` and never calls ``add(_:to:)``, and
  /// `sendAndWait` reports a replaced input as ``SendOutcome/superseded`` rather than
  /// ``SendOutcome/folded``. A constant, so that the branch disappears once specialised.
  static var replaces: Bool { get }
  /// The pending value made from the first input after a run.
  func start(with input: Input) -> Output
  /// Adds `input` to the pending value, in place.
  func add(_ input: Input, to pending: inout Output)
}

/// The fold of a plain debounce or throttle: the newest value replaces the pending one.
///
/// ```swift
/// let search = Debouncing(for: .milliseconds(300), folding: LatestValue<String>()) {
///   (query: String) in
///   print("searching", query)
/// }
/// search.send("dune")  // the same as Debouncer(for: .milliseconds(300)) { … }
/// ```
///
/// Specialised, a send with it is a bare assignment: choosing no fold costs nothing. It is
/// what ``Debouncer``, ``Throttler``, ``DebouncedSequence`` and ``ThrottledSequence`` name.
public struct LatestValue<Value: Sendable>: RunFold {
  /// The newest-value fold; stateless.
  @inlinable
  public init() {}

  /// `true`: a later value replaces the pending one.
  @inlinable
  public static var replaces: Bool { true }

  /// The input itself.
  @inlinable
  public func start(with input: Value) -> Value { input }

  /// Replaces the pending value with `input`.
  @inlinable
  public func add(_ input: Value, to pending: inout Value) { pending = input }
}

extension RunFold {
  /// The name a user knows an owner with this fold by, for messages: `plain` with
  /// ``LatestValue``, `Folding` and `plain` with ``Fold``, else `core`, the type itself.
  @usableFromInline
  package static func ownerName(plain: String, core: String) -> String {
    if Self.self == LatestValue<Input>.self { return plain }
    if Self.self == Fold<Input, Output>.self { return "Folding" + plain }
    return core
  }
}
