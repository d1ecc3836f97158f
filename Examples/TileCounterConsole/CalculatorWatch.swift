import Settle
import TileCounter

/// Calls a closure after every change to a ``TileCalculator``'s `result` or `status`.
///
/// Built on Settle's `withTracking(_:didChange:)`, re-armed after each change; the closure runs
/// synchronously on the main actor, after the store, so it reads the new values.
///
/// ```swift
/// let watch = CalculatorWatch(calculator) { calculator in
///   print(calculator.status)
/// }
/// ```
///
/// Changes stop being reported after ``cancel()`` or once the watch is released.
@MainActor
public final class CalculatorWatch {
  private let calculator: TileCalculator
  private var onChange: ((TileCalculator) -> Void)?

  /// Starts watching; `onChange` is not called for the current values.
  public init(_ calculator: TileCalculator, onChange: @escaping (TileCalculator) -> Void) {
    self.calculator = calculator
    self.onChange = onChange
    arm()
  }

  /// Stops reporting changes.
  public func cancel() {
    onChange = nil
  }

  private func arm() {
    withTracking {
      _ = (calculator.result, calculator.status)
    } didChange: { [weak self] in
      guard let watch = self else { return }
      // The calculator is main-actor only, so its writes, and this callback, run there.
      MainActor.assumeIsolated { watch.changed() }
    }
  }

  private func changed() {
    guard let onChange else { return }
    arm()
    onChange(calculator)
  }
}
