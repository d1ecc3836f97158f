// Hooks: drives the package's `DeliveryStateMachine`, the output side of `debounced` and
// `throttled`, which has no public face.
import Settle

/// `DeliveryStateMachine` between the engine that makes elements due and the consumer that
/// asks for them, every event in every order: an element becomes due, the consumer asks
/// (`next()`), the consumer's task is cancelled, the base finishes or fails.
///
/// The engine's events follow the storage's rules: elements become due only once the first
/// `next()` started the base, and the base ends once, after its elements. The consumer asks
/// again only once its previous call returned. Elements are 1, 2, 3, ..., in the order they
/// became due, so "newer" is "larger".
///
/// Checked at every resume: the consumer gets each element at most once and in order; with
/// `.unbounded` the oldest element due that it has not had, with `.newest` the newest one;
/// the end or the error only after every element already due (with `.newest`, after the
/// newest), and the error exactly when the base failed; nothing but `nil` after its
/// cancellation; one resume per `next()`. Checked in every state: a consumer never waits
/// while something is there for it, and letting it ask until the end delivers every element
/// due (or the newest one) and then the end.
struct DeliveryMachineWorld: ExplorableWorld {
  typealias Machine = DeliveryStateMachine<Int, Int>

  struct Failure: Error, CustomStringConvertible {
    var description: String { "failure" }
  }

  enum Event: CustomStringConvertible {
    case elementDue
    case consumerAsks
    case consumerCancelled
    case baseFinished
    case baseFailed

    var description: String {
      switch self {
      case .elementDue: "an element becomes due"
      case .consumerAsks: "the consumer calls next()"
      case .consumerCancelled: "the consumer's task is cancelled"
      case .baseFinished: "the base finishes"
      case .baseFailed: "the base fails"
      }
    }
  }

  /// How the base ended.
  enum Ending: String {
    case running, finished, failed
  }

  private(set) var machine: Machine
  let keepsEvery: Bool
  private var elementsLeft: Int
  private var asksLeft: Int
  private var cancelsLeft: Int
  /// Elements made due so far: 1 through `due`.
  private(set) var due = 0
  /// The newest element the consumer received.
  private(set) var delivered = 0
  /// The consumer's calls to `next()` so far; each is its own continuation.
  private(set) var asks = 0
  /// The call waiting inside `next()`, if any.
  private(set) var waiting: Int?
  private(set) var baseStarted = false
  private(set) var ending = Ending.running
  private(set) var cancelled = false
  /// The consumer got the end (`nil`) or the error, not because it was cancelled.
  private(set) var endDelivered = false

  init(buffering: ElementBuffering, elements: Int, asks: Int, cancels: Int) {
    machine = Machine(buffering: buffering)
    keepsEvery = buffering == .unbounded
    elementsLeft = elements
    asksLeft = asks
    cancelsLeft = cancels
  }

  // MARK: - ExplorableWorld

  func enabledEvents() -> [Event] {
    var events: [Event] = []
    if baseStarted, ending == .running, elementsLeft > 0 { events.append(.elementDue) }
    if waiting == nil, asksLeft > 0 { events.append(.consumerAsks) }
    if cancelsLeft > 0 { events.append(.consumerCancelled) }
    if baseStarted, ending == .running { events += [.baseFinished, .baseFailed] }
    return events
  }

  mutating func apply(_ event: Event) -> String? {
    switch event {
    case .elementDue:
      elementsLeft -= 1
      due += 1
      return apply(machine.elementDue(due), for: "element \(due) became due")
    case .consumerAsks:
      asksLeft -= 1
      return ask()
    case .consumerCancelled:
      cancelsLeft -= 1
      cancelled = true
      return apply(machine.cancelled(), for: "cancellation")
    case .baseFinished:
      ending = .finished
      return apply(machine.baseEnded(.finished), for: "the base's end")
    case .baseFailed:
      ending = .failed
      return apply(machine.baseEnded(.failed(Failure())), for: "the base's failure")
    }
  }

  func checkState() -> String? {
    if let call = waiting {
      if cancelled { return "next() #\(call) still waits after the consumer was cancelled" }
      if ending != .running { return "next() #\(call) still waits after the base ended" }
      if delivered < due {
        return "next() #\(call) waits while element \(delivered + 1) is due and not delivered"
      }
    }
    // Let the consumer ask until it learns the end: once the base ended, it gets what is due
    // and then the end, in at most as many calls as elements are due, plus one.
    guard ending != .running, !cancelled, waiting == nil else { return nil }
    var drained = self
    drained.asksLeft = due + 2
    while !drained.endDelivered, drained.asksLeft > 0 {
      drained.asksLeft -= 1
      if let broken = drained.ask() { return "while asking until the end: \(broken)" }
      if drained.waiting != nil {
        return "while asking until the end: next() waits although the base ended"
      }
    }
    if !drained.endDelivered {
      return "the consumer never learns that the base ended, after \(due + 2) calls to next()"
    }
    return nil
  }

  var fingerprint: String {
    "\(String(describing: machine))|\(elementsLeft),\(asksLeft),\(cancelsLeft)|\(due)|\(delivered)|\(asks)|\(waiting.map(String.init) ?? "-")|\(baseStarted)|\(ending)|\(cancelled)|\(endDelivered)"
  }

  // MARK: - The consumer and the storage

  mutating func ask() -> String? {
    asks += 1
    let call = asks
    switch machine.consumerAsks(call) {
    case .none:
      return "next() #\(call) got no answer: neither resumed nor suspended"
    case .suspend(let startingBase):
      if startingBase {
        if baseStarted { return "next() #\(call) started the base a second time" }
        baseStarted = true
      } else if !baseStarted {
        return "next() #\(call) waits for a base that was never started"
      }
      waiting = call
      return nil
    case .resume(let consumer, let result):
      guard consumer == call else {
        return "next() #\(call) resumed call #\(consumer) instead"
      }
      waiting = call
      return resume(consumer, with: result, after: "next() #\(call)")
    }
  }

  mutating func apply(_ action: Machine.Action, for cause: String) -> String? {
    switch action {
    case .none:
      return nil
    case .suspend:
      return "\(cause) asked to suspend a consumer"
    case .resume(let consumer, let result):
      return resume(consumer, with: result, after: cause)
    }
  }

  /// The consumer's call `consumer` returns `result`.
  mutating func resume(
    _ consumer: Int, with result: Result<Int?, any Error>, after cause: String
  ) -> String? {
    guard consumer == waiting else {
      return
        "\(cause) resumed next() #\(consumer), which \(consumer <= asks ? "had already returned" : "was never made")"
    }
    waiting = nil
    switch result {
    case .success(let element?):
      if cancelled { return "\(cause) delivered \(element) after the consumer was cancelled" }
      if element <= delivered {
        return "\(cause) delivered \(element) after \(delivered): twice or out of order"
      }
      if element > due { return "\(cause) delivered \(element), which was not due" }
      let expected = keepsEvery ? delivered + 1 : due
      if element != expected {
        return
          "\(cause) delivered \(element), not \(expected), the \(keepsEvery ? "oldest element due and not delivered" : "newest element due")"
      }
      if endDelivered { return "\(cause) delivered \(element) after the end" }
      delivered = element
    case .success(nil):
      if cancelled || endDelivered { return nil }
      if ending != .finished {
        return
          "\(cause) ended the consumer's sequence, but the base \(ending == .failed ? "failed" : "has not ended")"
      }
      return end(cause)
    case .failure:
      if cancelled { return "\(cause) threw to the consumer after it was cancelled" }
      if ending != .failed {
        return
          "\(cause) threw, but the base \(ending.rawValue == "running" ? "has not ended" : "finished")"
      }
      if endDelivered { return "\(cause) threw after the end" }
      return end(cause)
    }
    return nil
  }

  /// The consumer learns the end; later calls get `nil`.
  private mutating func end(_ cause: String) -> String? {
    if !endDelivered, delivered != due {
      return
        "\(cause) ended the sequence before element \(due), which was due, was delivered (the newest delivered was \(delivered))"
    }
    endDelivered = true
    return nil
  }
}
