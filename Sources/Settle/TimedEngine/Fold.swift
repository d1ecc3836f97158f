/// How the values sent between two runs are combined into the one value a run receives: the
/// fold behind ``FoldingDebouncer``, ``FoldingThrottler`` and the `folding:` operators.
///
/// The first value after a run starts from the initial value; each later one is reduced into
/// the accumulation in place, as `reduce(into:_:)` does. A run receives the accumulation of
/// every value sent since the previous run, and the next value starts from the initial value
/// again. `cancel()` drops a partial accumulation; `flush()` runs it.
///
/// ```swift
/// // Every line logged in a burst, written in one batch once logging pauses for a second.
/// let writer = FoldingDebouncer(for: .seconds(1), folding: .collect) { (lines: [String]) in
///   print(lines.joined(separator: "\n"))
/// }
/// writer.send("connected")
/// writer.send("fetched 3 items")  // one run: ["connected", "fetched 3 items"]
///
/// // Only the set of ids edited before a save.
/// let save = FoldingDebouncer(
///   for: .milliseconds(500), folding: .reducing(into: Set<Int>()) { $0.insert($1) }
/// ) { (ids: Set<Int>) in
///   print("saving", ids.sorted())
/// }
/// save.send(7)
/// ```
///
/// - Complexity: A send costs the reducer's own work on an accumulation it holds uniquely:
///   nothing is copied per value. The initial value is copied once per run.
public struct Fold<Value: Sendable, Accumulated: Sendable>: Sendable {
  @usableFromInline
  let initial: Accumulated
  @usableFromInline
  let reducer: @Sendable (inout Accumulated, Value) -> Void

  @inlinable
  init(initial: Accumulated, reducer: @escaping @Sendable (inout Accumulated, Value) -> Void) {
    self.initial = initial
    self.reducer = reducer
  }

  /// Starts each run's accumulation from `initial` and reduces every value into it in place.
  ///
  /// ```swift
  /// let total = Fold<Int, Int>.reducing(into: 0) { $0 += $1 }  // a run gets the sum
  /// let meter = FoldingThrottler(for: .seconds(1), folding: total) { (bytes: Int) in
  ///   print(bytes, "bytes in the last second")
  /// }
  /// meter.send(512)
  /// ```
  ///
  /// - Parameters:
  ///   - initial: The accumulation before the first value of a run; copied once per run.
  ///   - reducer: Adds a value to the accumulation. It runs inside `send`, under the owner's
  ///     lock: keep it short, and do not call back into the owner from it.
  @inlinable
  public static func reducing(
    into initial: Accumulated,
    _ reducer: @escaping @Sendable (inout Accumulated, Value) -> Void
  ) -> Fold {
    Fold(initial: initial, reducer: reducer)
  }
}

extension Fold where Accumulated == [Value] {
  /// Every value, in the order sent: a run receives the array of the values since the
  /// previous run.
  @inlinable
  public static var collect: Fold {
    Fold(initial: []) { $0.append($1) }
  }
}

extension Fold: RunFold {
  /// `false`: a later value is reduced into the pending accumulation.
  @inlinable
  public static var replaces: Bool { false }

  /// The initial value with `input` reduced into it.
  @inlinable
  public func start(with input: Value) -> Accumulated {
    var accumulated = initial
    if !SeededFault.isSeeded(.foldDropsFirstValue) { reducer(&accumulated, input) }
    return accumulated
  }

  /// Reduces `input` into the pending accumulation, in place.
  @inlinable
  public func add(_ input: Value, to pending: inout Accumulated) {
    reducer(&pending, input)
  }
}
