import Settle

/// The tile counter's model: validates the field's text at once, debounces the calculation,
/// and never shows an answer for text that is no longer in the field.
///
/// ```swift
/// @MainActor final class TileField {
///   let calculator = TileCalculator()
///
///   func textChanged(_ text: String) {
///     calculator.schedule(text)   // status updates now; result 300 ms after typing pauses
///   }
///
///   func closed() {
///     calculator.stop()
///   }
/// }
/// ```
///
/// ``result`` and ``status`` are `@Tracked`: observe them with `withTracking` or
/// `TrackedValues` from Settle.
///
/// ## Guarantees
/// - **Validate at once.** ``schedule(_:)`` clears ``result`` and sets ``status`` before it
///   returns; empty or invalid text schedules nothing.
/// - **Debounce.** A valid count is calculated once no ``schedule(_:)`` has come for the
///   delay; each call restarts the wait. A burst of calls costs one timer task.
/// - **Never stale.** Once ``schedule(_:)`` or ``stop()`` has returned, no answer for earlier
///   text appears, also when the new text equals an earlier one: the debouncer's currency
///   check runs on the main actor, the same actor as the calls.
/// - **Stop.** After ``stop()`` nothing pending runs; the next ``schedule(_:)`` starts afresh.
///   Releasing the calculator stops it too.
///
/// Main-actor only: create it and call it from UI code or a `@MainActor` task.
@MainActor
public final class TileCalculator: TrackedObject {
  /// The registry that reports reads and writes of ``result`` and ``status``.
  public nonisolated let observationRegistry = ObservationRegistry()

  /// The total for the current text, or `nil` while there is none (invalid, empty, waiting,
  /// stopped before the delay passed).
  @Tracked public private(set) var result: Int?

  /// A sentence that says what the calculator is doing; see ``schedule(_:)`` for the texts.
  @Tracked public private(set) var status: String

  /// The largest layer count accepted.
  public let maximumLayers: Int

  /// The quiet period before a valid count is calculated.
  public let delay: Duration

  // Erased, so that this class stays non-generic: a view holds a `TileCalculator` whatever
  // clock made it, and a test passes a `ManualClock`.
  private let clock: AnyClock<Duration>
  private lazy var calculation: Debouncer<Int, AnyClock<Duration>> = Debouncer(
    for: delay, clock: clock
  ) { @MainActor [weak self] count in
    self?.finish(count)
  }

  /// Creates a calculator whose field starts empty, with status `Enter a layer count.`.
  ///
  /// - Parameters:
  ///   - delay: How long typing must pause before the total is calculated; 300 ms by default.
  ///   - maximumLayers: The largest layer count accepted; 1000 by default.
  ///   - clock: The clock the delay is measured on; pass a `ManualClock` in tests.
  /// - Precondition: `delay` is not negative, and `maximumLayers` is in
  ///   `0...largestSafeLayerCount`, so every accepted count has a total that fits in `Int`.
  public init<C: Clock>(
    delay: Duration = .milliseconds(300),
    maximumLayers: Int = 1000,
    clock: C = ContinuousClock()
  ) where C.Duration == Duration {
    precondition(
      delay >= .zero,
      "TileCalculator's delay was \(delay); pass zero or a positive duration."
    )
    precondition(
      (0...largestSafeLayerCount).contains(maximumLayers),
      """
      TileCalculator's maximumLayers was \(maximumLayers); the total tiles for more than \
      \(largestSafeLayerCount) layers does not fit in Int, so pass 0...\(largestSafeLayerCount).
      """
    )
    self.delay = delay
    self.maximumLayers = maximumLayers
    status = Self.emptyStatus
    self.clock = AnyClock(clock)
  }

  /// Replaces the field's text: clears ``result`` and validates at once, and calculates a
  /// valid count after the delay.
  ///
  /// ``status`` becomes, before this returns:
  /// - `Enter a layer count.` for empty text (after trimming whitespace);
  /// - `Use a whole number from 0 to 1000.` (with ``maximumLayers``) for anything else that
  ///   is not a count in range;
  /// - `Waiting for typing to pause...` for a valid count; after the delay, ``result`` holds
  ///   the total and ``status`` is `Calculated for N layers.`.
  ///
  /// The text is read by ``LayerCountInput``'s rules. Any pending calculation is dropped first.
  ///
  /// - Complexity: O(length of the text); no task is created per call.
  public func schedule(_ text: String) {
    let input = LayerCountInput(parsing: text, maximumLayers: maximumLayers)
    result = nil
    switch input {
    case .empty:
      calculation.cancel()
      status = Self.emptyStatus
    case .invalid:
      calculation.cancel()
      status = "Use a whole number from 0 to \(maximumLayers)."
    case .layers(let count):
      // A send replaces the pending count and restarts the wait within the same timer, so a
      // burst of keystrokes costs one task; cancelling first would start one per keystroke.
      calculation.send(count)
      status = Self.waitingStatus
    }
  }

  /// Drops the pending calculation; ``status`` becomes `Calculation paused.`.
  ///
  /// Call it when the view goes away. ``result`` keeps a total already calculated for the
  /// current text; no total appears afterwards until the next ``schedule(_:)``.
  public func stop() {
    calculation.cancel()
    status = "Calculation paused."
  }

  /// Returns once no calculation is pending: it ran, was dropped, or nothing was scheduled.
  ///
  /// For a command-line tool that must print the last answer before it exits, and for tests
  /// after they advance a `ManualClock` past the delay. With real time it waits up to the
  /// delay; while `schedule` keeps being called it may wait indefinitely.
  public func waitUntilIdle() async {
    await calculation.waitUntilIdle()
  }

  private func finish(_ count: Int) {
    // The parser only passes counts up to maximumLayers, which init checked fits in Int.
    guard let total = totalTiles(layers: count) else {
      preconditionFailure("\(count) layers passed validation but its total overflows Int")
    }
    // Result first, then status: an observer woken by the status sees the matching total.
    result = total
    status = "Calculated for \(count) layers."
  }

  private static let emptyStatus = "Enter a layer count."
  private static let waitingStatus = "Waiting for typing to pause..."
}
