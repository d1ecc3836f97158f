/// The model each observation case works on, implemented once with Settle and once with
/// Apple's Observation, so that both sides run the very same generic (and specialised) code.
protocol CounterModel: AnyObject, Sendable {
  init()
  var value: Int { get set }
  var other: Int { get set }
  var third: Int { get set }
  var items: [Int] { get set }

  /// Runs `apply` in the library's tracking scope, with a before-store `onChange`.
  static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T
}
