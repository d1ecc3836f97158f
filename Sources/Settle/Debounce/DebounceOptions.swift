/// Which edges of a burst a ``Debouncer`` runs, and how long it may postpone a value.
///
/// A *burst* is a run of values with less than the debounce interval between neighbours; it
/// ends after one interval of quiet.
///
/// | options | a burst of one value | a burst `a b c` |
/// |---|---|---|
/// | default (`trailing`) | `a` after the quiet period | `c` after the quiet period |
/// | `leading: true, trailing: false` | `a` at once | `a` at once |
/// | `leading: true` (and `trailing`) | `a` at once | `a` at once, `c` after the quiet period |
///
/// `maxWait` bounds how long continuous input can postpone a trailing run: under non-stop
/// sends, the newest value runs no later than `maxWait` after the first value not yet run.
///
/// ```swift
/// // Search as the user types, but show something at least every second.
/// let options = DebounceOptions(maxWait: .seconds(1))
/// let search = Debouncer(for: .milliseconds(300), options: options) { (query: String) in
///   print(await Catalog.search(query))
/// }
/// search.send("dune")  // from the text field's change callback
/// ```
public struct DebounceOptions: Hashable, Sendable {
  /// Run the first value of a burst at once. Default `false`.
  public var leading: Bool
  /// Run the last value of a burst once the quiet period has passed. Default `true`.
  public var trailing: Bool
  /// The longest a trailing run may be postponed by continuous sends, measured from the first
  /// value not yet run; raised to at least the interval; `nil` (the default) means no bound.
  /// It has no effect when `trailing` is `false`.
  public var maxWait: Duration?

  /// Creates options; the defaults give a plain trailing-edge debounce.
  ///
  /// - Precondition: `leading` or `trailing` is `true`, and `maxWait` is not negative.
  public init(leading: Bool = false, trailing: Bool = true, maxWait: Duration? = nil) {
    self.leading = leading
    self.trailing = trailing
    self.maxWait = maxWait
    checkValid()
  }

  /// Stops with a message unless `leading` or `trailing` is set and `maxWait` is not
  /// negative: checked by the initialiser and again by every debouncer that takes the
  /// options, since the fields may have been changed since.
  @usableFromInline
  package func checkValid() {
    precondition(
      leading || trailing,
      "DebounceOptions needs leading or trailing (or both) to be true; with neither, nothing would ever run."
    )
    if let maxWait {
      precondition(
        maxWait >= .zero,
        "DebounceOptions.maxWait was \(maxWait); pass nil for no bound, or a duration of zero or more."
      )
    }
  }

  /// Trailing edge only: the last value of each burst, after the quiet period.
  public static let trailing = DebounceOptions()
  /// Leading edge only: the first value of each burst, at once.
  public static let leading = DebounceOptions(leading: true, trailing: false)
}
