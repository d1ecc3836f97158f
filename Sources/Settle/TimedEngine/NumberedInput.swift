/// A value with the number of the newest input it holds: what a ``TimedRuns`` engine sends to
/// its machine and what its runs receive, so that it can tell each `sendAndWait` caller which
/// run covered its value without the machines knowing about callers at all.
///
/// Every machine already keeps a value that has not run wherever its rules say (a debounce's
/// phase, a throttle's held value, a carried ticket); a ``NumberedFold`` keeps the number next
/// to it, through every replacement and fold, at the cost of one word per pending value.
@usableFromInline
package struct Numbered<Payload: Sendable>: Sendable {
  /// The input, or the fold of inputs, a run receives.
  @usableFromInline
  package var payload: Payload
  /// The engine's number of the newest input in ``payload``; inputs are numbered from 1.
  @usableFromInline
  package var number: UInt64

  @inlinable
  package init(payload: Payload, number: UInt64) {
    self.payload = payload
    self.number = number
  }
}

/// A machine value that carries an input number; ``Numbered`` is the one conformance. It lets
/// ``TimedRuns`` name its owners' value types without extra generic parameters.
@usableFromInline
package protocol NumberedPayload: Sendable {
  associatedtype Payload: Sendable
  var payload: Payload { get }
  var number: UInt64 { get }
  init(payload: Payload, number: UInt64)
}

extension Numbered: NumberedPayload {}

/// Wraps a fold so that the value it builds remembers the number of the newest input folded
/// in: replaced with the value, or updated next to the accumulation, in place.
@usableFromInline
package struct NumberedFold<Base: RunFold>: RunFold {
  @usableFromInline
  package let base: Base

  @inlinable
  package init(_ base: Base) {
    self.base = base
  }

  @inlinable
  package static var replaces: Bool { Base.replaces }

  @inlinable
  package func start(with input: Numbered<Base.Input>) -> Numbered<Base.Output> {
    Numbered(payload: base.start(with: input.payload), number: input.number)
  }

  @inlinable
  package func add(_ input: Numbered<Base.Input>, to pending: inout Numbered<Base.Output>) {
    base.add(input.payload, to: &pending.payload)
    pending.number = input.number
  }
}
