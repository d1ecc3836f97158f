import Foundation
import Settle
import Testing

/// One timeline from `Documentation/Timelines/timelines.json`: inputs, options and the runs
/// they must produce. The guides' pictures are drawn from the same file, so a picture that
/// disagrees with the behaviour fails ``TimelineReplayTests``.
///
/// `kind` says what replays it: `debouncer` and `throttler` send each input to a `Debouncer`
/// or `Throttler` and record when each action starts; `keyed-debouncer` does the same with a
/// `KeyedDebouncer`, an input `x:a` sending `a` for key `x` and a run showing `x:a`
/// (`keyed-throttler` with a `KeyedThrottler`); `rate-limiter` with a `RateLimiter` of
/// ``limit`` runs per interval;
/// `debounced` and `throttled` feed the inputs to the `AsyncSequence` operator and record when
/// each element is emitted. An input
/// that starts with `!` is a call: `!cancel` and `!flush` on a debouncer or throttler;
/// `!finish` (the upstream ends), `!fail` (the upstream throws) and `!cancel` (the consuming
/// task is cancelled) for an operator, whose runs end with `!end` (`next()` returned `nil`) or
/// `!error` (`next()` threw).
struct Timeline: Decodable, Sendable, CustomTestStringConvertible {
  /// A value at a time in milliseconds, written `["a", 100]` in the file.
  struct Event: Decodable, Sendable, Equatable, CustomStringConvertible {
    var value: String
    var at: Int

    init(value: String, at: Int) {
      self.value = value
      self.at = at
    }

    init(from decoder: any Decoder) throws {
      var fields = try decoder.unkeyedContainer()
      value = try fields.decode(String.self)
      at = try fields.decode(Int.self)
    }

    var description: String { "\(value)@\(at)" }

    /// Whether this is a call such as `!cancel` or an operator's end rather than a value.
    var isCall: Bool { value.hasPrefix("!") }
  }

  /// The file's top level: the grid step and the timelines.
  struct File: Decodable, Sendable {
    var step: Int
    var timelines: [Timeline]
  }

  var name: String
  var kind: String
  var interval: Int
  /// For a `rate-limiter`: the most runs in any span of ``interval``.
  var limit: Int?
  var leading: Bool?
  var trailing: Bool?
  var maxWait: Int?
  var latest: Bool?
  /// `"cooldown"` or `"newestAtWindowEndOnly"` for a throttle in that ``ThrottleMode``;
  /// otherwise ``latest`` decides.
  var mode: String?
  /// `"runPending"`: the owner is made with `onRelease: .runPending`, for the call `!release`.
  var onRelease: String?
  /// `"collect"`: a `debouncer` or `throttler` timeline replays a `FoldingDebouncer` or
  /// `FoldingThrottler` with `Fold.collect`, and each run's value is its values joined.
  var fold: String?
  /// For a `debouncer` or `throttler`: each value is sent with `sendAndWait`, and this lists,
  /// in the order they return, each caller's value and ``SendOutcome`` (`"a superseded"`) and
  /// when it returned.
  var outcomes: [Event]?
  /// `true` for a `debouncer` timeline with ``outcomes``: the debouncer's action returns the
  /// value it ran, each value is sent with `sendAndWaitForResult`, and each outcome reads
  /// `"a gets c"` (the caller of a got the result of c's run) or `"d dropped"`.
  var results: Bool?
  /// For an operator: how long the consumer spends on each element before it asks for the
  /// next; `nil` for a consumer that asks again at once.
  var consumerBusy: Int?
  /// For an operator: `"unbounded"` replays ``ElementBuffering/unbounded``; otherwise
  /// ``ElementBuffering/newest``, the operators' default.
  var buffering: String?
  var end: Int
  var inputs: [Event]
  var runs: [Event]

  var testDescription: String { name }

  /// Every time the replay must stop at: the inputs, the end, the interval and maxWait.
  var times: [Int] {
    inputs.map(\.at) + runs.map(\.at) + (outcomes ?? []).map(\.at) + [end, interval]
      + [maxWait, consumerBusy].compactMap { $0 }
  }

  /// The release policy the timeline asks for; `.cancelPending` unless it says otherwise.
  var releasePolicy: PendingValuePolicy {
    onRelease == "runPending" ? .runPending : .cancelPending
  }

  /// The throttle mode the timeline asks for: `mode`, or else `latest` (true by default).
  var throttleMode: ThrottleMode {
    switch mode {
    case "cooldown": return .cooldown
    case "newestAtWindowEndOnly": return .newestAtWindowEndOnly
    default: break
    }
    return latest ?? true ? .newestAtWindowEnd : .firstAtWindowEnd
  }

  /// The operator's buffering the timeline asks for: `.newest` unless it says otherwise.
  var elementBuffering: ElementBuffering {
    buffering == "unbounded" ? .unbounded : .newest
  }

  /// The debounce options the timeline asks for; trailing only unless it says otherwise.
  var debounceOptions: DebounceOptions {
    DebounceOptions(
      leading: leading ?? false,
      trailing: trailing ?? true,
      maxWait: maxWait.map { .milliseconds($0) }
    )
  }

  /// Runs shown before `time`, and those at `time` that a timer causes: not the ones an input
  /// at `time` causes (they appear only after that input), and not an operator's end.
  ///
  /// A call such as `!finish` comes first at its instant: what it flushes or drops at that
  /// instant is what the timeline shows, so every run at that instant is counted as its.
  func runCount(atTimerOf time: Int) -> Int {
    let inputsNow = Set(inputs.filter { $0.at == time }.map(\.value))
    if inputsNow.contains(where: { $0.hasPrefix("!") }) {
      return runs.prefix { $0.at < time }.count
    }
    return runs.prefix { run in
      run.at < time || (run.at == time && !inputsNow.contains(run.value) && !run.isCall)
    }.count
  }

  /// How many elements the consumer has finished with by `time`: those it received at least
  /// ``consumerBusy`` before it. Every one of them, when the consumer is never busy.
  func elementsDone(by time: Int) -> Int {
    guard let consumerBusy else { return runs.count }
    return runs.filter { !$0.isCall && $0.at + consumerBusy <= time }.count
  }

  /// Runs shown up to and including `time`.
  func runCount(through time: Int) -> Int {
    runs.prefix { $0.at <= time }.count
  }

  /// A keyed timeline's input `x:a`, split into its key `x` and its value `a`.
  static func keyAndValue(_ input: String) -> (key: String, value: String) {
    guard let colon = input.firstIndex(of: ":") else { return ("", input) }
    return (String(input[..<colon]), String(input[input.index(after: colon)...]))
  }

  /// The shared file, found from this source file so the test needs no resources.
  static func load(filePath: String = #filePath) throws -> File {
    let root = URL(fileURLWithPath: filePath)
      .deletingLastPathComponent()  // Timelines
      .deletingLastPathComponent()  // SettleTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
    let url = root.appendingPathComponent("Documentation/Timelines/timelines.json")
    return try JSONDecoder().decode(File.self, from: Data(contentsOf: url))
  }
}
